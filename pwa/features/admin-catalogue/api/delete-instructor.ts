/** DELETE /api/instructors/:id: refused (409, with the reason) while a course names the instructor. */
import { instructorEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const deleteInstructor = (id: string) =>
  sendWrite<{ message: string }>({
    method: 'DELETE',
    url: `/api/instructors/${encodeURIComponent(id)}`,
    entity: instructorEntity(id),
    label: 'Delete instructor',
  });

export const useDeleteInstructor = () => useCatalogueWrite(deleteInstructor);

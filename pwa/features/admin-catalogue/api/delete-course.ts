/** DELETE /api/courses/:id: removed, or archived when it has orders (its buyers keep it). */
import { courseEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const deleteCourse = (id: string) =>
  sendWrite<{ message: string; archived: boolean }>({
    method: 'DELETE',
    url: `/api/courses/${encodeURIComponent(id)}`,
    entity: courseEntity(id),
    label: 'Delete course',
  });

export const useDeleteCourse = () => useCatalogueWrite(deleteCourse);

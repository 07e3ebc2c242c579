/** DELETE /api/instructors/:id: refused (409, with the reason) while a course names the instructor. */
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const deleteInstructor = (id: string) => sendWrite<{ message: string }>('DELETE', `/api/instructors/${encodeURIComponent(id)}`);

export const useDeleteInstructor = () => useCatalogueWrite(deleteInstructor);

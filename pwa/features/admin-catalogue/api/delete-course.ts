/** DELETE /api/courses/:id: removed, or archived when it has orders (its buyers keep it). */
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const deleteCourse = (id: string) => sendWrite<{ message: string; archived: boolean }>('DELETE', `/api/courses/${encodeURIComponent(id)}`);

export const useDeleteCourse = () => useCatalogueWrite(deleteCourse);

/** PUT /api/instructors/:id (the courses that name the instructor follow in the sync). */
import type { Instructor } from '@contracts/catalogue';
import type { InstructorUpdate } from '@contracts/course-admin';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const updateInstructor = ({ id, body }: { id: string; body: InstructorUpdate }) => sendWrite<Instructor>('PUT', `/api/instructors/${encodeURIComponent(id)}`, body);

export const useUpdateInstructor = () => useCatalogueWrite(updateInstructor);

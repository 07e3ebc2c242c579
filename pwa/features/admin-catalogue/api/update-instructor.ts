/** PUT /api/instructors/:id (the courses that name the instructor follow in the sync). */
import type { Instructor } from '@contracts/catalogue';
import type { InstructorUpdate } from '@contracts/course-admin';
import { instructorEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const updateInstructor = ({ id, body }: { id: string; body: InstructorUpdate }) =>
  sendWrite<Instructor>({ method: 'PUT', url: `/api/instructors/${encodeURIComponent(id)}`, body, entity: instructorEntity(id), label: 'Update instructor' });

export const useUpdateInstructor = () => useCatalogueWrite(updateInstructor);

/** POST /api/instructors (packs name their lead instructor by id). */
import type { Instructor } from '@contracts/catalogue';
import type { InstructorWrite } from '@contracts/course-admin';
import { createdId, instructorEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

export const createInstructor = (body: InstructorWrite) =>
  sendWrite<Instructor>({ method: 'POST', url: '/api/instructors', body, entity: instructorEntity(createdId(body)), label: 'Create instructor' });

export const useCreateInstructor = () => useCatalogueWrite(createInstructor);

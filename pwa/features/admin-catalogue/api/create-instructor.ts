/** POST /api/instructors (packs name their lead instructor by id). */
import type { Instructor } from '@contracts/catalogue';
import type { InstructorWrite } from '@contracts/course-admin';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const createInstructor = (body: InstructorWrite) => sendWrite<Instructor>('POST', '/api/instructors', body);

export const useCreateInstructor = () => useCatalogueWrite(createInstructor);

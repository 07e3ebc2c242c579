/**
 * The back office's catalogue writes, one file per concern: `courses.ts` (create, update with
 * versions, delete or archive), `tiers.ts` (pricing tiers and the one default), `course-fields.ts`
 * (defaults and rules per kind), `audit.ts` (the audit log).
 */
import type { Course as CourseDto } from '../../contracts/catalogue';
import type { CourseWrite, InstructorUpdate, InstructorWrite, TierUpdate, TierWrite } from '../../contracts/course-admin';
import type { Instructor as InstructorDto } from '../../contracts/catalogue';
import { createInstructor, deleteInstructor, updateInstructor } from './instructors';
import type { Actor } from '../audit';
import { createCourse, deleteCourse, duplicateCourse, suggestCourseCode, updateCourse, type CourseAdminOptions } from './courses';
import { createTier, deleteTier, updateTier, type TierWriteResult } from './tiers';

export type { Actor } from '../audit';
export { STALE_MESSAGE } from './courses';

export class CourseAdminService {
  constructor(private readonly o: CourseAdminOptions) {}

  createCourse(actor: Actor, body: CourseWrite): Promise<CourseDto> {
    return createCourse(this.o, actor, body);
  }

  updateCourse(actor: Actor, id: string, body: CourseWrite, expectedVersion?: number): Promise<CourseDto> {
    return updateCourse(this.o, actor, id, body, expectedVersion);
  }

  deleteCourse(actor: Actor, id: string, expectedVersion?: number): Promise<{ archived: boolean }> {
    return deleteCourse(this.o, actor, id, expectedVersion);
  }

  duplicateCourse(actor: Actor, id: string): Promise<CourseDto> {
    return duplicateCourse(this.o, actor, id);
  }

  suggestCourseCode(prefix: 'LIVE' | 'SEM'): Promise<string> {
    return suggestCourseCode(this.o, prefix);
  }

  createInstructor(actor: Actor, body: InstructorWrite): Promise<InstructorDto> {
    return createInstructor(this.o, actor, body);
  }

  updateInstructor(actor: Actor, id: string, body: InstructorUpdate): Promise<InstructorDto> {
    return updateInstructor(this.o, actor, id, body);
  }

  deleteInstructor(actor: Actor, id: string): Promise<void> {
    return deleteInstructor(this.o, actor, id);
  }

  createTier(actor: Actor, courseId: string, body: TierWrite): Promise<TierWriteResult> {
    return createTier(this.o, actor, courseId, body);
  }

  updateTier(actor: Actor, tierId: string, body: TierUpdate): Promise<TierWriteResult> {
    return updateTier(this.o, actor, tierId, body);
  }

  deleteTier(actor: Actor, tierId: string): Promise<{ courseVersion: number }> {
    return deleteTier(this.o, actor, tierId);
  }
}

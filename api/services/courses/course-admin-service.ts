/**
 * The back office's catalogue writes, one file per concern: `courses.ts` (create, update with
 * versions, delete or archive), `tiers.ts` (pricing tiers and the one default), `course-fields.ts`
 * (defaults and rules per kind), `audit.ts` (the audit log).
 */
import type { Course as CourseDto } from '@contracts/catalogue';
import type { CourseWrite, InstructorUpdate, InstructorWrite, TierUpdate, TierWrite } from '@contracts/course-admin';
import type { Instructor as InstructorDto } from '@contracts/catalogue';
import { createInstructor, deleteInstructor, updateInstructor } from './instructors';
import type { Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { duplicateCourse, suggestCourseCode } from './course-copies';
import { createCourse, deleteCourse, updateCourse, type CourseAdminOptions, type VersionedWrite } from './courses';
import { createTier, deleteTier, updateTier, type TierWriteResult } from './tiers';

export type { Actor } from '../platform/audit';
export { STALE_MESSAGE } from './courses';

/** Every write takes `record`: its Idempotency-Key's answer, recorded as the last step of its transaction. */
export class CourseAdminService {
  constructor(private readonly o: CourseAdminOptions) {}

  createCourse(actor: Actor, body: CourseWrite, record?: RecordAnswer<CourseDto>): Promise<CourseDto> {
    return createCourse(this.o, actor, body, record);
  }

  updateCourse(actor: Actor, id: string, body: CourseWrite, options?: VersionedWrite<CourseDto>): Promise<CourseDto> {
    return updateCourse(this.o, actor, id, body, options);
  }

  deleteCourse(actor: Actor, id: string, options?: VersionedWrite<{ archived: boolean }>): Promise<{ archived: boolean }> {
    return deleteCourse(this.o, actor, id, options);
  }

  duplicateCourse(actor: Actor, id: string, record?: RecordAnswer<CourseDto>): Promise<CourseDto> {
    return duplicateCourse(this.o, actor, id, record);
  }

  suggestCourseCode(prefix: 'LIVE' | 'SEM'): Promise<string> {
    return suggestCourseCode(this.o, prefix);
  }

  createInstructor(actor: Actor, body: InstructorWrite, record?: RecordAnswer<InstructorDto>): Promise<InstructorDto> {
    return createInstructor(this.o, actor, body, record);
  }

  updateInstructor(actor: Actor, id: string, body: InstructorUpdate, record?: RecordAnswer<InstructorDto>): Promise<InstructorDto> {
    return updateInstructor(this.o, actor, id, body, record);
  }

  deleteInstructor(actor: Actor, id: string, record?: RecordAnswer<void>): Promise<void> {
    return deleteInstructor(this.o, actor, id, record);
  }

  createTier(actor: Actor, courseId: string, body: TierWrite, record?: RecordAnswer<TierWriteResult>): Promise<TierWriteResult> {
    return createTier(this.o, actor, courseId, body, record);
  }

  updateTier(actor: Actor, tierId: string, body: TierUpdate, record?: RecordAnswer<TierWriteResult>): Promise<TierWriteResult> {
    return updateTier(this.o, actor, tierId, body, record);
  }

  deleteTier(actor: Actor, tierId: string, record?: RecordAnswer<{ courseVersion: number }>): Promise<{ courseVersion: number }> {
    return deleteTier(this.o, actor, tierId, record);
  }
}

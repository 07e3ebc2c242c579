/**
 * Back-office catalogue writes (back-office spec §7): admins, and contributors with the course- or
 * instructor-management permission (contracts/access.ts); every write may carry an
 * Idempotency-Key, whose answer is recorded in the write's own transaction (`staffWrite`). Course
 * writes answer with the version as a strong `ETag` ("N") and take it back in `If-Match` (412 when
 * it is not the current one).
 */
import type { Course } from '@contracts/catalogue';
import {
  courseCodeQuerySchema,
  courseUpdateSchema,
  courseWriteSchema,
  instructorUpdateSchema,
  instructorWriteSchema,
  tierUpdateSchema,
  tierWriteSchema,
} from '@contracts/course-admin';
import type { ApiRouter } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import type { CourseServices } from '../services/courses';
import type { PlatformServices } from '../services/platform';
import { changed, created, staffWrite } from './staff-write';

/** A course as a write answers it: the body and its version as the strong ETag a staff read sends. */
const courseAnswer = (status: number) => (course: Course) => ({ status, body: course, headers: { ETag: `"${course.version}"` } });

export function courseAdminRoutes(api: ApiRouter, { courseAdmin, idempotency }: CourseServices & Pick<PlatformServices, 'idempotency'>): void {
  api.post(
    '/api/courses',
    'course-management',
    staffWrite(idempotency, {
      body: courseWriteSchema,
      run: ({ actor, body }, record) => courseAdmin.createCourse(actor, body, record),
      answer: courseAnswer(201),
    }),
  );
  api.put(
    '/api/courses/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: courseUpdateSchema,
      ifMatch: true,
      run: ({ actor, id, body, ifMatch }, record) => courseAdmin.updateCourse(actor, id, body, { ifMatch, record }),
      answer: courseAnswer(200),
    }),
  );
  api.delete(
    '/api/courses/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      ifMatch: true,
      run: ({ actor, id, ifMatch }, record) => courseAdmin.deleteCourse(actor, id, { ifMatch, record }),
      answer: ({ archived }) => ({
        body: { message: archived ? 'Course archived: it has orders, so it is kept for its buyers and hidden everywhere else' : 'Course deleted', archived },
      }),
    }),
  );
  api.post(
    '/api/courses/:id/duplicate',
    'course-management',
    staffWrite(idempotency, { id: 'Course', run: ({ actor, id }, record) => courseAdmin.duplicateCourse(actor, id, record), answer: courseAnswer(201) }),
  );

  api.get('/api/admin/course-code', 'course-management', async (ctx) => {
    const { prefix } = parseQuery(courseCodeQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: await courseAdmin.suggestCourseCode(prefix) };
  });

  api.post(
    '/api/courses/:id/pricing-tier',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: tierWriteSchema,
      run: ({ actor, id, body }, record) => courseAdmin.createTier(actor, id, body, record),
      answer: created,
    }),
  );
  api.put(
    '/api/pricing-tiers/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Pricing tier',
      body: tierUpdateSchema,
      run: ({ actor, id, body }, record) => courseAdmin.updateTier(actor, id, body, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/pricing-tiers/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Pricing tier',
      run: ({ actor, id }, record) => courseAdmin.deleteTier(actor, id, record),
      answer: ({ courseVersion }) => ({ body: { message: 'Pricing tier deleted', courseVersion } }),
    }),
  );

  api.post(
    '/api/instructors',
    'instructor-management',
    staffWrite(idempotency, {
      body: instructorWriteSchema,
      run: ({ actor, body }, record) => courseAdmin.createInstructor(actor, body, record),
      answer: created,
    }),
  );
  api.put(
    '/api/instructors/:id',
    'instructor-management',
    staffWrite(idempotency, {
      id: 'Instructor',
      body: instructorUpdateSchema,
      run: ({ actor, id, body }, record) => courseAdmin.updateInstructor(actor, id, body, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/instructors/:id',
    'instructor-management',
    staffWrite(idempotency, {
      id: 'Instructor',
      run: ({ actor, id }, record) => courseAdmin.deleteInstructor(actor, id, record),
      answer: () => ({ body: { message: 'Instructor deleted' } }),
    }),
  );
}

/**
 * Issue 27, point 13: every seeded course of the demo catalogue opens and saves unchanged in its
 * back-office editor. Each course is read as the editor reads it (`GET /api/courses/:id?status=all`),
 * turned into the editor's form values and checked with the editor's own schema
 * (`contracts/course-admin-forms.ts`, so the form would let the admin press Save), then sent as the
 * form sends it (`pwa/features/admin-catalogue`: the same helpers build the body, with the version
 * the form was loaded at). Every save must succeed and leave the course as it was. Each seeded
 * tier saves unchanged in the pricing-tier dialog too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '@db/seeds/demo-catalogue';
import { DEMO_COURSES } from '@db/seeds/demo-catalogue-data';
import type { Course, PricingTier } from '@contracts/catalogue';
import { COURSE_DEFAULTS, courseKind, type CourseWrite } from '@contracts/course-admin';
import { packFormSchema, recordedCourseFormSchema, seminarFormSchema, tierFormSchema, webinarFormSchema } from '@contracts/course-admin-forms';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import {
  blankToNull,
  commonBody,
  commonValues,
  instructorBody,
  instructorValues,
  scheduleBody,
  scheduleValues,
  toInteger,
} from '@pwa/features/admin-catalogue/lib/course-form-values';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let staff: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoCatalogue(db.knex, { sanitize: sanitizeRichText });
  api = await startTestServer(db.knex);
  const contributor = await createUser(db.knex, { role: 'contributor' });
  staff = { Authorization: `Bearer ${await createSession(db.knex, contributor.id)}` };
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

type Editor = 'webinar editor' | 'seminar form' | 'recorded course form' | 'pack form';

/** The screen each kind of course is edited in (pwa/app/routes/admin). */
function editorOf(course: Course): Editor {
  if (courseKind(course) === 'pack') return 'pack form';
  if (course.type === 'live_seminar' || course.type === 'recorded_seminar') return 'seminar form';
  if (course.type === 'recorded_course') return 'recorded course form';
  return 'webinar editor';
}

/**
 * What the editor's form holds when it opens on `course`, and the body its Save sends for those
 * values — as each component builds them (webinar-editor.tsx, seminar-form.tsx,
 * recorded-course-form.tsx, pack-form.tsx).
 */
function formSave(editor: Editor, course: Course): { problems: string[]; body?: CourseWrite } {
  const check = <T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
    values: unknown,
  ) => {
    const parsed = schema.safeParse(values);
    return parsed.success ? { values: parsed.data } : { problems: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  };
  if (editor === 'webinar editor') {
    const opened = {
      ...commonValues(course),
      code: course.code ?? '',
      ...instructorValues(course),
      ...scheduleValues(course, COURSE_DEFAULTS.webinar),
      maxParticipants: course.maxParticipants ? String(course.maxParticipants) : '',
    };
    const { values, problems } = check(webinarFormSchema, opened);
    if (!values) return { problems: problems! };
    return {
      problems: [],
      body: { ...commonBody(values), ...instructorBody(values), ...scheduleBody(values), maxParticipants: toInteger(values.maxParticipants) },
    };
  }
  if (editor === 'seminar form') {
    const opened = {
      ...commonValues(course),
      code: course.code ?? '',
      location: course.location ?? '',
      ...instructorValues(course),
      ...scheduleValues(course, COURSE_DEFAULTS.seminar),
      maxParticipants: course.maxParticipants === null ? '' : String(course.maxParticipants),
    };
    const { values, problems } = check(seminarFormSchema, opened);
    if (!values) return { problems: problems! };
    return {
      problems: [],
      body: {
        ...commonBody(values),
        location: blankToNull(values.location),
        ...instructorBody(values),
        ...scheduleBody(values),
        maxParticipants: toInteger(values.maxParticipants),
      },
    };
  }
  if (editor === 'recorded course form') {
    const opened = {
      ...commonValues(course),
      category: course.category ?? '',
      duration: course.duration ? String(course.duration) : '',
      ...instructorValues(course),
    };
    const { values, problems } = check(recordedCourseFormSchema, opened);
    if (!values) return { problems: problems! };
    return {
      problems: [],
      body: { ...commonBody(values), category: blankToNull(values.category), duration: toInteger(values.duration), ...instructorBody(values) },
    };
  }
  const opened = {
    ...commonValues(course),
    code: course.code ?? '',
    price: course.price ?? '',
    instructorId: course.instructorId ?? '',
    duration: course.duration ? String(course.duration) : '',
  };
  const { values, problems } = check(packFormSchema, opened);
  if (!values) return { problems: problems! };
  return {
    problems: [],
    body: {
      ...commonBody(values),
      type: 'webinar',
      category: 'pack',
      price: values.price.trim(),
      instructorId: values.instructorId,
      duration: toInteger(values.duration),
      shortDescription: blankToNull(values.shortDescription),
    },
  };
}

/** A course as a reader sees it, without what every write moves on. */
const content = ({ version: _v, updatedAt: _u, ...rest }: Course & { updatedAt?: unknown }) => rest;

describe('the demo catalogue in the back office', () => {
  it('every seeded course opens in its editor, saves unchanged, and reads back the same', async () => {
    expect(DEMO_COURSES.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    const editors = new Set<Editor>();
    for (const seeded of DEMO_COURSES) {
      const read = await api.get(`/api/courses/${seeded.id}?status=all`, staff);
      expect(read.status, seeded.code).toBe(200);
      const course = read.body as Course;
      const editor = editorOf(course);
      editors.add(editor);
      const { problems, body } = formSave(editor, course);
      if (!body) {
        failures.push(`${seeded.code} (${editor}) does not validate: ${problems.join('; ')}`);
        continue;
      }
      const saved = await api.request('PUT', `/api/courses/${seeded.id}`, { ...body, version: course.version }, staff);
      if (saved.status !== 200) {
        failures.push(`${seeded.code} (${editor}) → ${saved.status} ${saved.body?.message}`);
        continue;
      }
      expect(saved.body.version, seeded.code).toBe(course.version + 1);
      const after = (await api.get(`/api/courses/${seeded.id}?status=all`, staff)).body as Course;
      expect(content(after), `${seeded.code} (${editor}) changed on an unchanged save`).toEqual(content(course));
    }
    expect(failures).toEqual([]);
    // The demo has no recorded_course: the other three editors are each exercised.
    expect([...editors].sort()).toEqual(['pack form', 'seminar form', 'webinar editor']);
  });

  it('every seeded course duplicates (row action) and takes a save of one field: its linked instructor names it', async () => {
    // As seeded again: the editor saves above copied the linked instructors' names onto the courses.
    await seedDemoCatalogue(db.knex, { sanitize: sanitizeRichText });
    const failures: string[] = [];
    for (const seeded of DEMO_COURSES) {
      const before = (await api.get(`/api/courses/${seeded.id}?status=all`, staff)).body as Course;
      const copy = await api.request('POST', `/api/courses/${seeded.id}/duplicate`, undefined, staff);
      if (copy.status !== 201) failures.push(`${seeded.code} duplicate → ${copy.status} ${copy.body?.message}`);
      else
        expect(copy.body, seeded.code).toMatchObject({
          title: `${seeded.title} (Copy)`,
          instructorId: before.instructorId,
          instructorName: before.instructorName,
        });
      const saved = await api.request('PUT', `/api/courses/${seeded.id}`, { isActive: before.isActive, version: before.version }, staff);
      if (saved.status !== 200) failures.push(`${seeded.code} save of isActive → ${saved.status} ${saved.body?.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('a course with neither an instructor name nor a linked instructor is still refused', async () => {
    const seeded = DEMO_COURSES.find((c) => c.type === 'live_webinar' && c.instructorId)!;
    const read = (await api.get(`/api/courses/${seeded.id}?status=all`, staff)).body as Course;
    const refused = await api.request('PUT', `/api/courses/${seeded.id}`, { instructorName: null, instructorId: null, version: read.version }, staff);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Instructor name is required');
  });

  it('every seeded pricing tier saves unchanged in the pricing-tier dialog', async () => {
    const failures: string[] = [];
    let tiers = 0;
    for (const seeded of DEMO_COURSES) {
      const list = (await api.get(`/api/courses/${seeded.id}/pricing-tiers?status=all`, staff)).body as PricingTier[];
      for (const tier of list) {
        tiers += 1;
        const parsed = tierFormSchema.safeParse({ name: tier.name, price: tier.price });
        if (!parsed.success) {
          failures.push(`${seeded.code} tier ${tier.name} does not validate: ${parsed.error.issues[0]?.message}`);
          continue;
        }
        const saved = await api.request('PUT', `/api/pricing-tiers/${tier.id}`, parsed.data, staff);
        if (saved.status !== 200) failures.push(`${seeded.code} tier ${tier.name} → ${saved.status} ${saved.body?.message}`);
        else expect(saved.body).toMatchObject({ id: tier.id, name: tier.name, price: tier.price, isDefault: tier.isDefault });
      }
    }
    expect(failures).toEqual([]);
    expect(tiers).toBeGreaterThan(0);
  });
});

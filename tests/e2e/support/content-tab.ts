/**
 * The Content tab's specs share these: a recorded course of the test's own (with two tiers, removed
 * after each test by `removeMadeCourses`), the staff syllabus read from the API, the tab opened
 * from the recorded courses' table, a lesson's row, a file chosen through a button, and axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Course, PricingTier } from '@contracts/catalogue';
import type { Syllabus } from '@contracts/learning';
import { animationsSettled } from './animations';

export const ADMIN = 'admin@lifescience-academy.example';

const made: Array<{ id: string; auth: Record<string, string> }> = [];

/** Remembers a course to delete after the test. */
export const madeCourse = (id: string, auth: Record<string, string>) => made.push({ id, auth });

/** Deletes the courses the test made (in `test.afterEach`). */
export async function removeMadeCourses(request: APIRequestContext): Promise<void> {
  for (const { id, auth } of made.splice(0)) await request.delete(`/api/courses/${id}`, { headers: auth });
}

/** The signed-in admin's bearer header, for API calls beside the browser. */
export async function adminAuth(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  return { Authorization: `Bearer ${token}` };
}

/** A recorded course of the test's own with two tiers, made through the API with the signed-in admin's token. */
export async function ownCourse(page: Page, request: APIRequestContext, title: string) {
  const auth = await adminAuth(page);
  const created = await request.post('/api/courses', {
    headers: auth,
    data: { type: 'recorded_course', title, shortDescription: 'Content built in the browser test', instructorName: 'Dr. Ada Lane', price: '0' },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as Course;
  madeCourse(course.id, auth);
  const tiers: PricingTier[] = [];
  for (const [i, name] of ['Standard', 'Premium'].entries()) {
    const tier = await request.post(`/api/courses/${course.id}/pricing-tier`, {
      headers: auth,
      data: { name, price: String(100 * (i + 1)), isDefault: i === 0 },
    });
    expect(tier.status()).toBe(201);
    tiers.push((await tier.json()) as PricingTier);
  }
  return { course, auth, tiers };
}

export async function syllabus(request: APIRequestContext, courseId: string, auth?: Record<string, string>): Promise<Syllabus> {
  const answer = await request.get(`/api/courses/${courseId}/lessons`, { headers: auth });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Syllabus;
}

export const outlineOf = (s: Syllabus) => s.modules.map((m) => `${m.title}: ${m.lessons.map((l) => l.title).join(', ')}`);

/** axe's findings on the page (or in `scope`), once animations have finished; the accessible name must hold the visible text (WCAG 2.5.3). */
export async function violations(page: Page, scope?: string): Promise<string[]> {
  await animationsSettled(page);
  const axe = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await (scope ? axe.include(scope) : axe).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens the recorded course's editor from its table, on the Content tab. */
export async function openContent(page: Page, title: string) {
  await page.goto('/admin/recorded-courses');
  await page.getByLabel('Search recorded courses').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Recorded Course: ${title}` });
  await dialog.getByRole('tab', { name: 'Content' }).click();
  await expect(dialog.getByRole('heading', { name: 'Course Content' })).toBeVisible();
  return dialog;
}

/** One lesson's row (a module's row holds its lessons' texts too). */
export const lessonItem = (page: Page, title: string) => page.locator('li[data-lesson-id]').filter({ hasText: title });

export async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

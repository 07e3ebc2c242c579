/**
 * The Content tab's course setting and a video lesson's captions (issue 29, points 5–6), as an
 * admin uses them against the real API: "No skipping ahead" is a labelled switch worked from the
 * keyboard, saved through the outbox (offline it waits, "Not synced yet", and lands once back),
 * still on after a reload and read by learners' side of the API; the captions a lesson has are
 * listed (language, label), replaced by uploading the same language again, and deleted after a
 * confirmation.
 */
import { expect, test } from '@playwright/test';
import type { Syllabus } from '@contracts/learning';
import { ADMIN, chooseFile, openContent, ownCourse, removeMadeCourses, syllabus, violations } from './support/content-tab';
import { signIn } from './support/session';

test.afterEach(({ request }) => removeMadeCourses(request));

const vtt = (text: string) => Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n${text}\n`);

test('"No skipping ahead" is switched from the keyboard, waits in the outbox offline, survives a reload and is what learners are held to', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `No skipping ${Date.now().toString(36)}`;
  const { course } = await ownCourse(page, request, title);
  // What a learner's player is given (the public syllabus, as the lesson page reads it).
  const learnersSee = async () => (await syllabus(request, course.id)).noSkipping;
  let dialog = await openContent(page, title);
  const toggle = () => dialog.getByRole('switch', { name: 'No skipping ahead' });
  await expect(toggle()).not.toBeChecked();
  await expect(toggle()).toHaveAccessibleDescription(/cannot seek past the furthest point they have watched/);

  // On, from the keyboard: Space on the focused switch.
  await toggle().focus();
  await page.keyboard.press('Space');
  await expect(toggle()).toBeChecked();
  await expect(toggle()).toBeFocused();
  await expect(dialog.getByRole('status').filter({ hasText: 'Learners can no longer skip ahead.' })).toBeAttached();
  await expect.poll(learnersSee).toBe(true);

  // After a reload the switch shows the course's setting.
  await page.reload();
  dialog = await openContent(page, title);
  await expect(toggle()).toBeChecked();
  expect(await violations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);

  // Off while offline: it waits on the device, marked, and reaches the server once back online.
  await context.setOffline(true);
  await toggle().click();
  await expect(toggle()).not.toBeChecked();
  await expect(dialog.getByText('Not synced yet', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 change is saved on this device and not synced yet', { exact: false })).toBeVisible();
  expect(await learnersSee()).toBe(true);
  await context.setOffline(false);
  await expect.poll(learnersSee, { timeout: 30_000 }).toBe(false);
  await expect(dialog.getByText('Not synced yet', { exact: true })).toHaveCount(0);
  await expect(toggle()).not.toBeChecked();
});

test("a video lesson's captions are listed by language, replaced by uploading the language again, and deleted after a confirmation", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Captions ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  const created = await request.post(`/api/courses/${course.id}/lessons`, { headers: auth, data: { title: 'Talk', kind: 'video' } });
  expect(created.status()).toBe(201);
  const lessonId = ((await created.json()) as { id: string }).id;
  for (const [lang, label] of [
    ['en', 'English'],
    ['fr', 'Français'],
  ] as const) {
    const put = await request.put(`/api/lessons/${lessonId}/captions/${lang}`, { headers: auth, data: { label, vtt: vtt(label).toString() } });
    expect(put.status()).toBe(204);
  }
  const serverCaptions = async () => ((await syllabus(request, course.id, auth)) as Syllabus).modules[0]!.lessons[0]!.captions;

  const dialog = await openContent(page, title);
  await dialog.getByRole('button', { name: 'Edit lesson Talk' }).click();
  const list = dialog.getByRole('list', { name: 'Captions of Talk' });
  await expect(list.getByRole('listitem')).toHaveText([/^English \(en\)/, /^Français \(fr\)/]);

  // The same language again replaces it (the field says so before anything is sent).
  await dialog.getByLabel('Captions label').fill('English (UK)');
  await expect(dialog.getByText('Replaces the English (en) captions.')).toBeVisible();
  await chooseFile(page, 'Choose captions file', { name: 'talk.en.vtt', mimeType: 'text/vtt', buffer: vtt('Hello again.') });
  await dialog.getByRole('button', { name: 'Upload captions' }).click();
  await expect(dialog.getByText('English (UK) captions (en) uploaded.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([/^English \(UK\) \(en\)/, /^Français \(fr\)/]);
  await expect.poll(serverCaptions).toEqual([
    { lang: 'en', label: 'English (UK)' },
    { lang: 'fr', label: 'Français' },
  ]);
  const transcript = await request.get(`/api/lessons/${lessonId}/transcript`, { headers: auth });
  expect(((await transcript.json()) as { cues: Array<{ text: string }> }).cues.map((c) => c.text)).toEqual(['Hello again.']);

  // Deleting asks first; Cancel keeps them.
  await dialog.getByRole('button', { name: 'Delete Français (fr) captions' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete captions' });
  await expect(confirm).toContainText('Are you sure you want to delete the Français (fr) captions of "Talk"? This action cannot be undone.');
  expect(await violations(page, '[role="alertdialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await serverCaptions()).toHaveLength(2);

  // Confirmed from the keyboard.
  await dialog.getByRole('button', { name: 'Delete Français (fr) captions' }).click();
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveText([/^English \(UK\) \(en\)/]);
  await expect(dialog.getByRole('status').filter({ hasText: 'Français captions (fr) of “Talk” deleted.' })).toBeAttached();
  await expect.poll(serverCaptions).toEqual([{ lang: 'en', label: 'English (UK)' }]);
  expect(await violations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);
});

/**
 * The Assessments tab of a course editor (issue 31, points 1, 2, 4 and 5), as an admin uses it
 * against the real API: three questions (one of each kind) written in the rich-text editor, a final
 * exam drawing 2 (pass mark 70 %, 3 attempts, 30 minutes, answers after the last attempt) and
 * review questions after a lesson, the completion rule set to "videos watched 90 % each + final
 * exam passed" — all still there after a reload; the bank's CSV downloaded, and an import with one
 * bad row refused naming that row (nothing imported).
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ASSESSMENT_MESSAGES, QUESTION_CSV_COLUMNS, type AssessmentDto, type QuestionDto } from '@contracts/assessments';
import { ADMIN, ownCourse, removeMadeCourses, violations } from './support/content-tab';
import { signIn } from './support/session';

test.afterEach(({ request }) => removeMadeCourses(request));

/** The course's editor on its Assessments tab, reached from the keyboard (after Content) or clicked. */
async function openAssessments(page: Page, title: string, by: 'keyboard' | 'click' = 'click'): Promise<Locator> {
  await page.goto('/admin/recorded-courses');
  await page.getByLabel('Search recorded courses').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit Recorded Course: ${title}` });
  const tab = editor.getByRole('tab', { name: 'Assessments' });
  if (by === 'keyboard') {
    await editor.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  } else await tab.click();
  await expect(editor.getByRole('heading', { name: 'Assessments', exact: true })).toBeVisible();
  return editor;
}

async function addQuestion(page: Page, kind: 'Single choice' | 'Multiple choice' | 'True or false', text: string, options: string[], correct: number[]) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Question text' }).click();
  await page.keyboard.type(text);
  for (const [i, option] of options.entries()) {
    const box = dialog.getByRole('textbox', { name: `Option ${i + 1}`, exact: true });
    if ((await box.count()) === 0) await dialog.getByRole('button', { name: 'Add option' }).click();
    if (kind !== 'True or false') await box.fill(option);
    else await expect(box).toHaveValue(option);
  }
  for (const n of correct) await dialog.getByRole(kind === 'Multiple choice' ? 'checkbox' : 'radio', { name: `Option ${n} is correct` }).check();
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Question bank' }).getByRole('row').filter({ hasText: text })).toContainText(kind);
}

test('an admin sets up a recorded course’s bank, final exam, review questions and completion rule; they are kept; the bank goes out and in as CSV', async ({
  page,
  request,
}) => {
  // Three dialogs, two editors and a reload against the real API: minutes on a loaded machine.
  test.setTimeout(300_000);
  await signIn(page, ADMIN, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const title = `Assessed course ${Date.now().toString(36)}`;
  const { course, auth } = await ownCourse(page, request, title);
  const module = await request.post(`/api/courses/${course.id}/modules`, { headers: auth, data: { title: 'Day one' } });
  expect(module.status()).toBe(201);
  const { id: moduleId } = (await module.json()) as { id: string };
  const lesson = await request.post(`/api/courses/${course.id}/lessons`, { headers: auth, data: { title: 'Storage', kind: 'text', moduleId } });
  expect(lesson.status()).toBe(201);

  const editor = await openAssessments(page, title, 'keyboard');
  await expect(editor.getByText('No questions yet. Add a question, or import a CSV of questions.')).toBeVisible();
  await expect(editor.getByText(/^Default for this course type: Videos watched at least 90 % each/)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Point 1: one question of each kind.
  await addQuestion(page, 'Single choice', 'At which temperature are vaccines stored?', ['20 °C', '2-8 °C', '-20 °C'], [2]);
  await addQuestion(page, 'Multiple choice', 'What must a storage log record?', ['Temperature', 'Humidity', 'Weather'], [1, 2]);
  await addQuestion(page, 'True or false', 'A deviation must be documented.', ['True', 'False'], [1]);

  // Point 2: the final exam, then review questions after the lesson.
  await editor.getByRole('button', { name: 'Add assessment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add assessment' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill('Final exam');
  await dialog.getByRole('radio', { name: 'Final exam' }).check();
  await dialog.getByLabel('Questions drawn').fill('2');
  await dialog.getByLabel('Pass mark (%)').fill('70');
  await dialog.getByLabel('Attempts').fill('3');
  await dialog.getByLabel('Time limit (minutes)').fill('30');
  await dialog.getByLabel('Show answers').selectOption({ label: 'After the last attempt' });
  await dialog.getByRole('button', { name: 'Add assessment' }).click();
  await expect(dialog).toBeHidden();
  const assessments = editor.getByRole('table', { name: 'Assessments' });
  await expect(assessments.getByRole('row').filter({ hasText: 'Final exam' })).toContainText('Draws 2 of 3 · pass mark 70 % · 3 attempts · 30 min');

  await editor.getByRole('button', { name: 'Add assessment' }).click();
  dialog = page.getByRole('dialog', { name: 'Add assessment' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill('Check: storage');
  await dialog.getByRole('radio', { name: 'Review questions after a lesson' }).check();
  await dialog.getByRole('button', { name: 'Add assessment' }).click();
  await expect(dialog.getByText(ASSESSMENT_MESSAGES.lessonRequired)).toBeVisible();
  await dialog.getByRole('combobox', { name: /^Lesson/ }).selectOption({ label: 'Day one — Storage' });
  await dialog.getByLabel('Attempts').fill('');
  await dialog.getByRole('button', { name: 'Add assessment' }).click();
  await expect(dialog).toBeHidden();
  await expect(assessments.getByRole('row').filter({ hasText: 'Check: storage' })).toContainText('Day one — Storage');

  // Point 4: videos watched 90 % each and the final exam passed.
  const rule = editor.getByRole('form', { name: 'Completion rule' });
  await expect(rule.getByRole('checkbox', { name: 'Videos watched' })).toBeChecked();
  await expect(rule.getByLabel('At least (%)')).toHaveValue('90');
  await rule.getByRole('checkbox', { name: 'Final exam passed' }).check();
  await rule.getByRole('button', { name: 'Save completion rule' }).click();
  await expect(editor.getByText('Set for this course: Videos watched at least 90 % each, final exam passed.')).toBeVisible();

  // Kept on the server, and shown again after a reload.
  const saved = (await (await request.get(`/api/courses/${course.id}/assessments`, { headers: auth })).json()) as AssessmentDto[];
  expect(saved.find((a) => a.kind === 'final')).toMatchObject({
    drawCount: 2,
    passMarkPercent: 70,
    maxAttempts: 3,
    timeLimitMinutes: 30,
    showAnswers: 'after_last_attempt',
  });
  expect(saved.find((a) => a.kind === 'review')).toMatchObject({ title: 'Check: storage', maxAttempts: null });
  const bank = (await (await request.get(`/api/courses/${course.id}/questions`, { headers: auth })).json()) as QuestionDto[];
  expect(bank.map((q) => [q.kind, q.options.filter((o) => o.correct).map((o) => o.text)])).toEqual(
    expect.arrayContaining([
      ['single', ['2-8 °C']],
      ['multiple', ['Temperature', 'Humidity']],
      ['true_false', ['True']],
    ]),
  );
  await page.reload();
  const again = await openAssessments(page, title);
  await expect(again.getByRole('table', { name: 'Question bank' }).getByRole('row')).toHaveCount(4);
  await expect(again.getByRole('table', { name: 'Assessments' }).getByRole('row').filter({ hasText: 'Final exam' })).toContainText(
    'answers shown: after the last attempt',
  );
  await expect(again.getByText('Set for this course: Videos watched at least 90 % each, final exam passed.')).toBeVisible();
  await expect(again.getByRole('form', { name: 'Completion rule' }).getByRole('checkbox', { name: 'Final exam passed' })).toBeChecked();

  // The bank as CSV: exported, and an import with one bad row (two right answers for a single choice) refused.
  const download = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Export CSV' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain(QUESTION_CSV_COLUMNS.join(','));
  expect(csv).toContain('At which temperature are vaccines stored?');
  const row = (kind: string, text: string, correct: string, options: string[]) =>
    [kind, text, correct, '', ...options, ...Array(10 - options.length).fill('')].join(',');
  const upload = [
    QUESTION_CSV_COLUMNS.join(','),
    row('single', 'Is a fridge a cold room?', '2', ['Yes', 'No']),
    row('single', 'Two right?', '1;2', ['A', 'B']),
  ].join('\n');
  await again.getByLabel('Questions CSV file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(`${upload}\n`) });
  await expect(again.getByText(/^Row 3: /)).toBeVisible();
  await expect(again.getByRole('table', { name: 'Question bank' }).getByRole('row')).toHaveCount(4);

  // Deleted once confirmed.
  await again.getByRole('button', { name: 'Delete Check: storage' }).click();
  await page.getByRole('alertdialog', { name: 'Delete assessment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(again.getByRole('table', { name: 'Assessments' }).getByRole('row').filter({ hasText: 'Check: storage' })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await request.get(`/api/courses/${course.id}/assessments`, { headers: auth })).json()) as AssessmentDto[]).length)
    .toBe(1);
});

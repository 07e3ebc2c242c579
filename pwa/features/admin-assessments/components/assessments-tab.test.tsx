// @vitest-environment jsdom
/**
 * The Assessments tab with the API answered at `fetch`: the bank (text in words, kind, options,
 * the assessment it belongs to), the assessments' settings, the default completion rule and the
 * results; adding a question (true/false fills "True"/"False"; a multiple-choice question with no
 * right answer and an empty text are refused in the contract's words, nothing sent; then a keyed
 * POST), adding a review (its lesson required; the server's 409 said in the dialog), saving the
 * completion rule (no condition refused; then a keyed PUT), and a CSV import's row errors.
 * The rich-text editor is stood in for by a labelled text box (TipTap is tested in the browser).
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSESSMENT_MESSAGES, type AssessmentDto, type AssessmentResultRow, type QuestionDto } from '@contracts/assessments';
import { COMPLETION_MESSAGES } from '@contracts/completion';
import { deleteAdminDb } from '@pwa/offline/back-office/admin-db';
import { preloadDrafts } from '@pwa/offline/back-office/drafts';
import { AssessmentsTab } from './assessments-tab';

vi.mock('@pwa/components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} defaultValue={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const FINAL: AssessmentDto = {
  id: 'as-final',
  courseId: 'c1',
  lessonId: null,
  title: 'Final exam',
  kind: 'final',
  drawCount: 2,
  passMarkPercent: 70,
  maxAttempts: 3,
  timeLimitMinutes: 30,
  shuffleQuestions: true,
  shuffleOptions: true,
  showAnswers: 'after_last_attempt',
  poolSize: 3,
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const QUESTION: QuestionDto = {
  id: 'q1',
  courseId: 'c1',
  assessmentId: 'as-final',
  kind: 'single',
  text: '<p>Store vaccines at <strong>which</strong> temperature?</p>',
  options: [
    { id: 'o1', text: '2-8 °C', correct: true },
    { id: 'o2', text: '20 °C', correct: false },
    { id: 'o3', text: '-20 °C', correct: false },
  ],
  explanation: null,
  position: 1,
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const RESULT: AssessmentResultRow = {
  userId: 'u1',
  name: 'Buyer X',
  email: 'x@buyers.test',
  assessmentId: 'as-final',
  assessmentTitle: 'Final exam',
  attempts: 2,
  bestScorePercent: 85,
  lastScorePercent: 85,
  passed: true,
  lastSubmittedAt: '2026-11-26T12:00:00.000Z',
  completedAt: '2026-11-26T12:00:00.000Z',
};
const SYLLABUS = {
  courseId: 'c1',
  entitled: true,
  noSkipping: false,
  modules: [{ id: 'm1', title: 'Day one', lessons: [{ id: 'l1', title: 'Storage', kind: 'video' }] }],
};

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi() {
  const calls: Call[] = [];
  let assessmentPosts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ url, method, headers: Object.fromEntries(new Headers(init.headers).entries()), body });
      if (url.endsWith('/questions/import')) {
        if ((body as File).name === 'bad.csv')
          return json({ message: ASSESSMENT_MESSAGES.csvBadRows, errors: [{ row: 3, message: ASSESSMENT_MESSAGES.singleNeedsOne }] }, 400);
        return json({ imported: 2 });
      }
      if (method === 'GET' && url.endsWith('/questions')) return json([QUESTION]);
      if (method === 'GET' && url.endsWith('/assessments')) return json([FINAL]);
      if (method === 'GET' && url.endsWith('/lessons')) return json(SYLLABUS);
      if (method === 'GET' && url.endsWith('/completion-rule')) return json({ rule: { minWatchedPercent: 90, watchedScope: 'each' }, isDefault: true });
      if (method === 'GET' && url.endsWith('/assessment-results')) return json([RESULT]);
      if (method === 'POST' && url.endsWith('/questions')) return json({ ...QUESTION, id: 'q2', ...(body as object) }, 201);
      if (method === 'POST' && url.endsWith('/assessments')) {
        assessmentPosts += 1;
        if (assessmentPosts === 1) return json({ message: ASSESSMENT_MESSAGES.oneFinal }, 409);
        return json({ ...FINAL, id: 'as-2', ...(body as object) }, 201);
      }
      if (method === 'PUT' && url.endsWith('/completion-rule')) return json({ rule: body, isDefault: false });
      if (method === 'PUT' && url.includes('/api/questions/')) return json({ ...QUESTION, ...(body as object) });
      if (method === 'PUT' && url.includes('/api/assessments/')) return json({ ...FINAL, ...(body as object) });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return json({ message: 'unexpected' }, 500);
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderTab() {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssessmentsTab courseId="c1" />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

const press = (name: string | RegExp, within_: HTMLElement = document.body) => act(async () => fireEvent.click(within(within_).getByRole('button', { name })));
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeEach(async () => {
  // As the back office does when it opens: a form then starts from its draft in the render it opens in.
  await preloadDrafts();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await deleteAdminDb();
});

// Each test walks a dialog in Fluent under jsdom: seconds on a quiet machine, more on a busy one.
describe('the Assessments tab', { timeout: 60_000 }, () => {
  it('shows the bank, the assessments’ settings, the default completion rule and the results', async () => {
    stubApi();
    renderTab();
    const bank = await screen.findByRole('table', { name: 'Question bank' });
    const row = (await within(bank).findByText('Store vaccines at which temperature?')).closest('tr')!;
    expect(row.textContent).toContain('Single choice');
    expect(row.textContent).toContain('3');
    expect(row.textContent).toContain('Final exam');
    const list = await screen.findByRole('table', { name: 'Assessments' });
    await within(list).findByText(
      'Draws 2 of 3 · pass mark 70 % · 3 attempts · 30 min · questions shuffled · options shuffled · answers shown: after the last attempt',
    );
    expect(within(list).getByText('Whole course')).toBeTruthy();
    await screen.findByText(/Default for this course type: Videos watched at least 90 % each/);
    const results = await screen.findByRole('table', { name: 'Assessment results' });
    const result = (await within(results).findByText('Buyer X')).closest('tr')!;
    expect(result.textContent).toContain('85 %');
    expect(result.textContent).toContain('Yes');
    expect(result.textContent).not.toContain('Not yet');
  });

  it('a list that cannot be read says which, with Try Again; the other parts of the tab still show', async () => {
    stubApi();
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) =>
      (init.method ?? 'GET') === 'GET' && String(input).endsWith('/questions') ? Promise.resolve(json({ message: 'down' }, 500)) : served(input, init),
    );
    renderTab();
    expect(await screen.findByText("We couldn't load the questions")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try Again' })).toHaveLength(1);
    expect(await screen.findByRole('table', { name: 'Assessments' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Question bank' })).toBeNull();
  });

  it('adds a question: true/false fills its options; no right answer and an empty text are refused in the contract’s words; then one keyed POST', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('table', { name: 'Question bank' });
    await press('Add question');
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    await act(async () => fireEvent.click(await within(dialog).findByRole('radio', { name: 'True or false' })));
    expect((within(dialog).getByRole('textbox', { name: 'Option 1' }) as HTMLInputElement).value).toBe('True');
    expect((within(dialog).getByRole('textbox', { name: 'Option 2' }) as HTMLInputElement).value).toBe('False');
    expect(within(dialog).queryByRole('button', { name: 'Add option' })).toBeNull();

    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Multiple choice' })));
    type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Temperature');
    type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Humidity');
    await press('Add option', dialog);
    type(within(dialog).getByRole('textbox', { name: 'Option 3' }), 'Colour');
    // The first option came marked right; unmarked, none is.
    await act(async () => fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Option 1 is correct' })));
    await press('Add question', dialog);
    expect(await within(dialog).findByText('The question needs a text')).toBeTruthy();
    expect(within(dialog).getByText(ASSESSMENT_MESSAGES.multipleNeedsOne)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    type(within(dialog).getByRole('textbox', { name: 'Question text' }), '<p>What must be logged?</p>');
    await act(async () => fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Option 1 is correct' })));
    await act(async () => fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Option 2 is correct' })));
    type(within(dialog).getByRole('textbox', { name: /Explanation/ }), 'Both affect stability.');
    await press('Add question', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/courses/c1/questions',
      body: {
        kind: 'multiple',
        text: '<p>What must be logged?</p>',
        options: [
          { text: 'Temperature', correct: true },
          { text: 'Humidity', correct: true },
          { text: 'Colour', correct: false },
        ],
        explanation: 'Both affect stability.',
        assessmentId: null,
      },
    });
    expect(writes(calls)[0]!.headers['idempotency-key']).toMatch(/\S/);
  });

  it('adds a review: its lesson is required; the server’s 409 is said in the dialog, which stays open', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('table', { name: 'Assessments' });
    await press('Add assessment');
    const dialog = await screen.findByRole('dialog', { name: 'Add assessment' });
    type(await within(dialog).findByRole('textbox', { name: /Title/ }), 'Check: storage');
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Review questions after a lesson' })));
    await press('Add assessment', dialog);
    expect(await within(dialog).findByText(ASSESSMENT_MESSAGES.lessonRequired)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Day one — Storage' })).toBeTruthy());
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Lesson/ }), { target: { value: 'l1' } });
    type(within(dialog).getByRole('textbox', { name: /Attempts/ }), '');
    await press('Add assessment', dialog);
    expect(await within(dialog).findByText(ASSESSMENT_MESSAGES.oneFinal)).toBeTruthy();
    await press('Add assessment', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      method: 'POST',
      url: '/api/courses/c1/assessments',
      body: { title: 'Check: storage', kind: 'review', lessonId: 'l1', passMarkPercent: 70, maxAttempts: null, showAnswers: 'after_last_attempt' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add assessment' })).toBeNull());
  });

  it('saves the completion rule: no condition is refused with the contract’s message; videos 90 % each + final exam passed goes once', async () => {
    const calls = stubApi();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Completion rule' });
    await act(async () => fireEvent.click(within(form).getByRole('checkbox', { name: 'Videos watched' })));
    await press('Save completion rule', form);
    expect(await within(form).findByText(COMPLETION_MESSAGES.noCondition)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await act(async () => fireEvent.click(within(form).getByRole('checkbox', { name: 'Videos watched' })));
    await act(async () => fireEvent.click(within(form).getByRole('checkbox', { name: 'Final exam passed' })));
    await press('Save completion rule', form);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/courses/c1/completion-rule',
      body: { minWatchedPercent: 90, watchedScope: 'each', finalExamPassed: true, minAttendanceMinutes: null, minCredits: null, checkInRequired: false },
    });
    expect(writes(calls)[0]!.headers['idempotency-key']).toMatch(/\S/);
  });

  it('a CSV import with a bad row lists its row and why; a good one says how many were imported', async () => {
    const calls = stubApi();
    renderTab();
    await screen.findByRole('table', { name: 'Question bank' });
    const bad = new File(['kind,text\nsingle,bad\n'], 'bad.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(screen.getByLabelText('Questions CSV file'), { target: { files: [bad] } }));
    expect(await screen.findByText(ASSESSMENT_MESSAGES.csvBadRows)).toBeTruthy();
    expect(screen.getByText(`Row 3: ${ASSESSMENT_MESSAGES.singleNeedsOne}`)).toBeTruthy();
    const upload = calls.find((c) => c.url.endsWith('/questions/import'))!;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/courses/c1/questions/import', body: bad });
    expect(upload.headers['content-type']).toBe('text/csv');
    const good = new File(['kind,text\nsingle,fine\n'], 'bank.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(screen.getByLabelText('Questions CSV file'), { target: { files: [good] } }));
    expect(await screen.findByText('2 questions imported')).toBeTruthy();
  });

  it('edits a question: its text and options as they were; a keyed PUT', async () => {
    const calls = stubApi();
    renderTab();
    const bank = await screen.findByRole('table', { name: 'Question bank' });
    await within(bank).findByText('Store vaccines at which temperature?');
    await press(/^Edit question: Store vaccines/, bank);
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect((within(dialog).getByRole('textbox', { name: 'Question text' }) as HTMLTextAreaElement).value).toBe(QUESTION.text);
    expect((within(dialog).getByRole('textbox', { name: 'Option 3' }) as HTMLInputElement).value).toBe('-20 °C');
    expect((within(dialog).getByRole('radio', { name: 'Option 1 is correct' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: /Belongs to/ }) as HTMLSelectElement).value).toBe('as-final');
    await press('Remove option 3', dialog);
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Option 2 is correct' })));
    await press('Save question', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/questions/q1',
      body: {
        kind: 'single',
        options: [
          { text: '2-8 °C', correct: false },
          { text: '20 °C', correct: true },
        ],
        assessmentId: 'as-final',
      },
    });
  });

  it('deletes a question only once confirmed: one keyed DELETE', async () => {
    const calls = stubApi();
    renderTab();
    const bank = await screen.findByRole('table', { name: 'Question bank' });
    await press(/^Delete question: Store vaccines/, await within(bank).findByRole('row', { name: /Store vaccines/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete question' });
    expect(confirm.textContent).toContain('Are you sure you want to delete "Store vaccines at which temperature?"?');
    expect(writes(calls)).toEqual([]);
    await press('Delete', confirm);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'DELETE', url: '/api/questions/q1' });
    expect(writes(calls)[0]!.headers['idempotency-key']).toMatch(/\S/);
  });

  it('a write reads again only what it can change: the rule alone after the rule; bank, assessments, rule and results after a question; never the lessons', async () => {
    const calls = stubApi();
    renderTab();
    const reads = (end: string) => calls.filter((c) => c.method === 'GET' && c.url.endsWith(end)).length;
    const form = await screen.findByRole('form', { name: 'Completion rule' });
    await screen.findByRole('table', { name: 'Assessment results' });
    await waitFor(() =>
      expect([reads('/questions'), reads('/assessments'), reads('/completion-rule'), reads('/assessment-results'), reads('/lessons')]).toEqual([1, 1, 1, 1, 1]),
    );
    await act(async () => fireEvent.click(within(form).getByRole('checkbox', { name: 'Final exam passed' })));
    await press('Save completion rule', form);
    await waitFor(() => expect(reads('/completion-rule')).toBe(2));
    expect([reads('/questions'), reads('/assessments'), reads('/assessment-results'), reads('/lessons')]).toEqual([1, 1, 1, 1]);

    const bank = await screen.findByRole('table', { name: 'Question bank' });
    await press(/^Delete question: Store vaccines/, await within(bank).findByRole('row', { name: /Store vaccines/ }));
    await press('Delete', await screen.findByRole('alertdialog', { name: 'Delete question' }));
    await waitFor(() => expect([reads('/questions'), reads('/assessments'), reads('/completion-rule'), reads('/assessment-results')]).toEqual([2, 2, 3, 2]));
    expect(reads('/lessons')).toBe(1);
  });

  it('edits an assessment’s settings without its kind; emptied attempts are unlimited', async () => {
    const calls = stubApi();
    renderTab();
    const list = await screen.findByRole('table', { name: 'Assessments' });
    await within(list).findByRole('button', { name: 'Edit Final exam' });
    await press('Edit Final exam', list);
    const dialog = await screen.findByRole('dialog', { name: 'Edit assessment: Final exam' });
    expect((within(dialog).getByRole('textbox', { name: /Questions drawn/ }) as HTMLInputElement).value).toBe('2');
    type(within(dialog).getByRole('textbox', { name: /Attempts/ }), '');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Show answers' }), { target: { value: 'never' } });
    await press('Save assessment', dialog);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/assessments/as-final',
      body: { maxAttempts: null, showAnswers: 'never', drawCount: 2 },
    });
    expect('kind' in (writes(calls)[0]!.body as object)).toBe(false);
  });
});

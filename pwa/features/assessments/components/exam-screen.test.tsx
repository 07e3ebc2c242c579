// @vitest-environment jsdom
/**
 * The exam screen against a stand-in of the attempt routes (fetch replaced): an answer is kept on
 * the device and sent with PUT; offline it stays kept ("Saved on this device …") and is sent once
 * when the connection returns; a reload resumes with the server's answers and the device's unsent
 * ones; Submit names the unanswered questions; the result shows the review only when the server
 * sent one; the time's end hands the attempt in by itself.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResult, AttemptView, LearnerAssessment } from '@contracts/assessments';
import { keepAnswer, readKept } from '../lib/kept-answers';
import { ExamScreen } from './exam-screen';

const EXAM: LearnerAssessment = {
  id: 'a1',
  lessonId: null,
  title: 'GMP final exam',
  kind: 'final',
  questionCount: 3,
  passMarkPercent: 70,
  maxAttempts: 3,
  timeLimitMinutes: 30,
  attemptsUsed: 1,
  attemptsLeft: 2,
  best: null,
  openAttemptId: 't1',
};

const view = (overrides: Partial<AttemptView> = {}): AttemptView => ({
  attemptId: 't1',
  assessmentId: 'a1',
  courseId: 'c1',
  kind: 'final',
  title: 'GMP final exam',
  number: 1,
  questions: [
    {
      id: 'q1',
      kind: 'single',
      text: '<p>Who signs the <strong>batch record</strong>?</p>',
      options: [
        { id: 'o1', text: 'QA' },
        { id: 'o2', text: 'Sales' },
      ],
    },
    {
      id: 'q2',
      kind: 'multiple',
      text: '<p>Which are GMP records?</p>',
      options: [
        { id: 'o3', text: 'Logbooks' },
        { id: 'o4', text: 'Adverts' },
        { id: 'o5', text: 'SOPs' },
      ],
    },
    {
      id: 'q3',
      kind: 'true_false',
      text: '<p>Training must be documented.</p>',
      options: [
        { id: 'o6', text: 'True' },
        { id: 'o7', text: 'False' },
      ],
    },
  ],
  answers: {},
  startedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  status: 'open',
  result: null,
  ...overrides,
});

interface Server {
  offline: boolean;
  attempt: AttemptView;
  /** Bodies of the PUTs the server received (not those that failed offline). */
  saves: Array<{ answers: Array<{ questionId: string; optionIds: string[] }> }>;
  submits: Array<{ answers?: Array<{ questionId: string; optionIds: string[] }> }>;
  result: AttemptResult;
  /** The list's `openAttemptId` (null: the intro with "Start exam"). */
  listedOpen: string | null;
  starts: number;
}

let server: Server;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function startServer(attempt: AttemptView, result: Partial<AttemptResult> = {}) {
  server = {
    offline: false,
    attempt,
    saves: [],
    submits: [],
    listedOpen: 't1',
    starts: 0,
    result: { attemptId: 't1', scorePercent: 60, passed: false, attemptsLeft: 2, submittedAt: new Date().toISOString(), ...result },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.offline) throw new TypeError('Failed to fetch');
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method === 'GET' && url === '/api/me/courses/c1/assessments') return json([{ ...EXAM, openAttemptId: server.listedOpen }]);
      if (method === 'POST' && url === '/api/assessments/a1/attempts') {
        server.starts += 1;
        return json(server.attempt, 201);
      }
      if (method === 'GET' && url === '/api/attempts/t1') return json(server.attempt);
      if (method === 'PUT' && url === '/api/attempts/t1/answers') {
        server.saves.push(body);
        for (const a of body.answers) server.attempt.answers[a.questionId] = a.optionIds;
        return json({ answers: server.attempt.answers, savedAt: new Date().toISOString() });
      }
      if (method === 'POST' && url === '/api/attempts/t1/submit') {
        server.submits.push(body);
        return json(server.result);
      }
      throw new Error(`Unexpected request: ${method} ${url}`);
    }),
  );
}

function renderExam() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/learn/c1/assessments/a1']}>
          <ExamScreen courseId="c1" assessmentId="a1" viewer="token-1" />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  );
}

function setOnline(online: boolean) {
  server.offline = !online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  if (online) act(() => void globalThis.dispatchEvent(new Event('online')));
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('Exam screen', () => {
  it('the intro: the exam’s facts and "Start exam", which starts an attempt and moves focus to its summary', async () => {
    startServer(view());
    server.listedOpen = null;
    renderExam();
    const start = await screen.findByRole('button', { name: 'Start exam' });
    expect(screen.getByText('3 questions')).toBeTruthy();
    expect(screen.getByText('30 minutes')).toBeTruthy();
    expect(screen.getByText('2 attempts left')).toBeTruthy();
    start.focus();
    fireEvent.click(start);
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect(server.starts).toBe(1);
    expect(document.activeElement).toBe(screen.getByTestId('exam-summary'));
  });

  it('an answer is kept on the device at once and saved with PUT', async () => {
    startServer(view());
    renderExam();
    const first = await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect(first.getAttribute('aria-labelledby')).toContain('q-q1-text');
    fireEvent.click(within(first).getByRole('radio', { name: 'QA' }));
    expect(readKept('t1').answers).toEqual({ q1: ['o1'] });
    // Not "Saved" before the server has it.
    expect(screen.getByTestId('exam-save-status').textContent).toBe('Saving…');
    await waitFor(() => expect(server.saves).toEqual([{ answers: [{ questionId: 'q1', optionIds: ['o1'] }] }]));
    expect(screen.getByTestId('exam-save-status').textContent).toBe('Saved');
    expect(readKept('t1').unsent).toEqual({});
    expect(screen.getByText('Answered 1 of 3')).toBeTruthy();
  });

  it('offline: kept on the device, said so, and sent once when the connection returns', async () => {
    startServer(view());
    renderExam();
    const second = await screen.findByRole('group', { name: /Question 2 of 3/ });
    setOnline(false);
    fireEvent.click(within(second).getByRole('checkbox', { name: 'SOPs' }));
    fireEvent.click(within(second).getByRole('checkbox', { name: 'Logbooks' }));
    await waitFor(() => expect(screen.getByTestId('exam-save-status').textContent).toBe('Saved on this device — will be sent when you are back online'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.saves).toEqual([]);
    expect(readKept('t1').answers).toEqual({ q2: ['o3', 'o5'] });

    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('exam-save-status').textContent).toBe('Saved'));
    expect(server.saves).toEqual([{ answers: [{ questionId: 'q2', optionIds: ['o3', 'o5'] }] }]);
    // Nothing is sent again once acknowledged.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.saves).toHaveLength(1);
  });

  it('a reload resumes: the server’s saved answers with this device’s unsent ones over them, which are then sent', async () => {
    startServer(view({ answers: { q1: ['o2'], q3: ['o6'] } }));
    keepAnswer('t1', 'q1', ['o1']);
    renderExam();
    const first = await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect((within(first).getByRole('radio', { name: 'QA' }) as HTMLInputElement).checked).toBe(true);
    expect((within(screen.getByRole('group', { name: /Question 3 of 3/ })).getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(server.saves).toEqual([{ answers: [{ questionId: 'q1', optionIds: ['o1'] }] }]));
  });

  it('Submit names the unanswered questions; the result without a review reveals no answers', async () => {
    startServer(view({ answers: { q1: ['o1'] } }));
    renderExam();
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const confirm = await screen.findByRole('region', { name: 'Submit your answers?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('heading'));
    expect(within(confirm).getByText(/Questions 2 and 3 are not answered\./)).toBeTruthy();
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Submit your answers?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit answers' }));
    expect(server.submits).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    fireEvent.click(within(await screen.findByRole('region', { name: 'Submit your answers?' })).getByRole('button', { name: 'Yes, submit' }));
    expect(await screen.findByRole('heading', { name: 'Not passed' })).toBeTruthy();
    expect(server.submits).toEqual([{ answers: [{ questionId: 'q1', optionIds: ['o1'] }] }]);
    expect(screen.getByTestId('exam-score').textContent).toBe('60 %');
    expect(screen.getByText('2 attempts left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Right answer')).toBeNull();
    expect(localStorage.getItem('exam-answers:t1')).toBeNull();
  });

  it('the result with a review: each answer, the right one and the explanation; passed: no Try again', async () => {
    startServer(view({ answers: { q1: ['o2'], q2: ['o3', 'o5'], q3: ['o6'] } }), {
      scorePercent: 67,
      passed: true,
      attemptsLeft: 0,
      review: [
        { questionId: 'q1', correct: false, chosenOptionIds: ['o2'], correctOptionIds: ['o1'], explanation: 'QA releases batches.' },
        { questionId: 'q2', correct: true, chosenOptionIds: ['o3', 'o5'], correctOptionIds: ['o3', 'o5'], explanation: null },
      ],
    });
    renderExam();
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    fireEvent.click(within(await screen.findByRole('region', { name: 'Submit your answers?' })).getByRole('button', { name: 'Yes, submit' }));
    expect(await screen.findByRole('heading', { name: 'You passed' })).toBeTruthy();
    const review = screen.getByRole('list', { name: 'Your answers' });
    const first = within(review).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Incorrect')).toBeTruthy();
    expect(within(first).getByText('Sales')).toBeTruthy();
    expect(within(first).getByText('QA')).toBeTruthy();
    expect(within(first).getByText('QA releases batches.')).toBeTruthy();
    expect(within(review).getByText('Logbooks; SOPs', { selector: 'dd:nth-of-type(2)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('native controls with labels, grouped per question, none taken out of the tab order or given a positive tabindex', async () => {
    startServer(view());
    renderExam();
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('name'))).toEqual(['q-q1', 'q-q1', 'q-q3', 'q-q3']);
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Logbooks', 'Adverts', 'SOPs']);
    expect(screen.getByRole('group', { name: /Question 2 of 3 \(choose all that apply\)/ })).toBeTruthy();
    for (const control of [...screen.getAllByRole('radio'), ...screen.getAllByRole('checkbox')])
      expect(Number(control.getAttribute('tabindex') ?? 0)).toBeLessThanOrEqual(0);
  });

  it('at the end of the time the attempt is handed in by itself, with its answers', async () => {
    startServer(view({ answers: { q3: ['o7'] }, expiresAt: new Date(Date.now() + 1200).toISOString() }));
    renderExam();
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect(await screen.findByRole('heading', { name: 'Not passed' }, { timeout: 4000 })).toBeTruthy();
    expect(server.submits).toEqual([{ answers: [{ questionId: 'q3', optionIds: ['o7'] }] }]);
  });
});

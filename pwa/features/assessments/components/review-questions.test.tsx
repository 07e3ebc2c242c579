// @vitest-environment jsdom
/**
 * A lesson's review questions: shown only for the lesson they belong to; an answer is checked at
 * once ("Check answer") and the feedback says whether it is right, the right answer and why.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptView, LearnerAssessment } from '@contracts/assessments';
import { ReviewQuestions } from './review-questions';

const REVIEW: LearnerAssessment = {
  id: 'r1',
  lessonId: 'l1',
  title: 'Check your understanding',
  kind: 'review',
  questionCount: 1,
  passMarkPercent: 0,
  maxAttempts: null,
  timeLimitMinutes: null,
  attemptsUsed: 0,
  attemptsLeft: null,
  best: null,
  openAttemptId: null,
};

const ATTEMPT: AttemptView = {
  attemptId: 'rt1',
  assessmentId: 'r1',
  courseId: 'c1',
  kind: 'review',
  title: REVIEW.title,
  number: 1,
  questions: [
    {
      id: 'q1',
      kind: 'single',
      text: '<p>Who releases a batch?</p>',
      options: [
        { id: 'o1', text: 'QA' },
        { id: 'o2', text: 'Sales' },
      ],
    },
  ],
  answers: {},
  startedAt: '2026-11-26T10:00:00.000Z',
  expiresAt: null,
  status: 'open',
  result: null,
};

const checks: unknown[] = [];

function renderReview(lessonId: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url === '/api/me/courses/c1/assessments') return reply([REVIEW]);
      if (method === 'POST' && url === '/api/assessments/r1/attempts') return reply(ATTEMPT, 201);
      if (method === 'POST' && url === '/api/attempts/rt1/check') {
        const body = JSON.parse(String(init!.body)) as { optionIds: string[] };
        checks.push(body);
        return reply({ questionId: 'q1', correct: body.optionIds[0] === 'o1', correctOptionIds: ['o1'], explanation: 'QA releases every batch.' });
      }
      throw new Error(`Unexpected request: ${method} ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ReviewQuestions courseId="c1" lessonId={lessonId} viewer="token-1" />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  checks.length = 0;
});

describe('Review questions', () => {
  it('answer, Check answer, and the feedback at once with the right answer and the explanation', async () => {
    renderReview('l1');
    const group = await screen.findByRole('group', { name: /Question 1 of 1/ });
    const check = within(group).getByRole('button', { name: 'Check answer' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Sales' }));
    fireEvent.click(check);
    expect(await within(group).findByText('Not quite. The right answer: QA.')).toBeTruthy();
    expect(within(group).getByText('QA releases every batch.')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'QA' }));
    expect(within(group).queryByText('QA releases every batch.')).toBeNull();
    fireEvent.click(check);
    expect(await within(group).findByText('Correct.')).toBeTruthy();
    expect(checks).toEqual([
      { questionId: 'q1', optionIds: ['o2'] },
      { questionId: 'q1', optionIds: ['o1'] },
    ]);
  });

  it('another lesson shows none and starts no attempt', async () => {
    renderReview('l2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('group')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual(['/api/me/courses/c1/assessments']);
  });
});

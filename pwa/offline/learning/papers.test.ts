/**
 * Exams taken offline on the device (issue 34): papers fetched with a download for the final exams
 * the learner may still take, answers kept with their times, handed in while offline and sent once
 * the server answers — graded once, or refused with the server's reason (attempts used up on
 * another device meanwhile). Fake IndexedDB; the server is a stubbed fetch.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResult, LearnerAssessment } from '@contracts/assessments';
import { OFFLINE_EXAM_MAX_SECONDS, OFFLINE_EXAM_MESSAGES, offlineSubmissionSchema, type OfflinePaperView } from '@contracts/offline-learning';
import { downloadsDb } from './downloads-db';
import { elapsedOnOpen } from './paper-clock';
import { answerPaper, deletePapersOf, fetchPapers, handInPaper, openPaperOfCourse, paperFor, sendHandedInPapers, startPaper, submissionOf } from './papers';

const COURSE = 'course-1';
const USER = 'user-1';

const exam = (id: string, over: Partial<LearnerAssessment> = {}): LearnerAssessment => ({
  id,
  lessonId: null,
  title: `Exam ${id}`,
  kind: 'final',
  questionCount: 2,
  passMarkPercent: 50,
  maxAttempts: 3,
  timeLimitMinutes: 10,
  attemptsUsed: 0,
  attemptsLeft: 3,
  best: null,
  openAttemptId: null,
  ...over,
});

const paperOf = (assessmentId: string): OfflinePaperView => ({
  paperId: `paper-${assessmentId}`,
  assessmentId,
  courseId: COURSE,
  kind: 'final',
  title: `Exam ${assessmentId}`,
  timeLimitMinutes: 10,
  passMarkPercent: 50,
  questions: [
    {
      id: 'q1',
      text: 'One?',
      kind: 'single',
      options: [
        { id: 'a', text: 'A' },
        { id: 'b', text: 'B' },
      ],
    },
    {
      id: 'q2',
      text: 'Two?',
      kind: 'single',
      options: [
        { id: 'c', text: 'C' },
        { id: 'd', text: 'D' },
      ],
    },
  ],
});

const RESULT: AttemptResult = { attemptId: 'attempt-9', scorePercent: 50, passed: true, attemptsLeft: 2, submittedAt: '2026-11-28T10:00:00.000Z' };

let exams: LearnerAssessment[];
let requests: Array<{ method: string; url: string; body: unknown }>;
/** How the submit requests go: 'ok', 'drop' (no connection), 'again' (the server's "send again" 409), or a refusal's status. */
let submitPlan: Array<'ok' | 'drop' | 'again' | number>;

beforeEach(() => {
  exams = [];
  requests = [];
  submitPlan = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === `/api/me/courses/${COURSE}/assessments`) return Response.json(exams);
    const offlinePaper = /^\/api\/assessments\/([^/]+)\/offline-paper$/.exec(url);
    if (offlinePaper && method === 'POST') return Response.json(paperOf(offlinePaper[1]!));
    if (/^\/api\/offline-papers\/[^/]+\/submit$/.test(url)) {
      const plan = submitPlan.shift() ?? 'ok';
      if (plan === 'drop') throw new TypeError('Failed to fetch');
      if (plan === 'again') return Response.json({ message: OFFLINE_EXAM_MESSAGES.sendAgain }, { status: 409 });
      if (plan !== 'ok') return Response.json({ message: 'You have used all your attempts for this exam.' }, { status: plan });
      return Response.json(RESULT);
    }
    return new Response('not found', { status: 404 });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await downloadsDb().papers.clear();
});

const submits = () => requests.filter((r) => r.url.endsWith('/submit'));

describe('papers for taking a final exam offline', () => {
  it('are fetched for each final exam the learner may still take, once while one is held', async () => {
    exams = [
      exam('e1'),
      exam('passed', { best: { scorePercent: 90, passed: true, submittedAt: RESULT.submittedAt } }),
      exam('none-left', { attemptsLeft: 0 }),
      exam('review', { kind: 'review' }),
    ];
    await fetchPapers(COURSE, USER);
    const held = await downloadsDb().papers.toArray();
    expect(held.map((p) => [p.assessmentId, p.state, p.userId])).toEqual([['e1', 'ready', USER]]);

    await fetchPapers(COURSE, USER);
    expect(requests.filter((r) => r.url.endsWith('/offline-paper'))).toHaveLength(1);
    expect((await openPaperOfCourse(COURSE, USER))?.assessmentId).toBe('e1');
    expect(await openPaperOfCourse(COURSE, 'someone-else')).toBeNull();
  });

  it('keeps the last answer to each question with its time, and counts the time a closed page was away (never less)', async () => {
    exams = [exam('e1')];
    await fetchPapers(COURSE, USER);
    await startPaper('paper-e1');
    await answerPaper('paper-e1', { questionId: 'q1', optionIds: ['b'], atSeconds: 5 }, 5000);
    await answerPaper('paper-e1', { questionId: 'q1', optionIds: ['a'], atSeconds: 9 }, 9000);
    const paper = (await paperFor('e1', USER))!;
    expect(paper.state).toBe('taking');
    expect(paper.answers).toEqual([{ questionId: 'q1', optionIds: ['a'], atSeconds: 9 }]);
    expect(elapsedOnOpen(paper, paper.seenAt + 60_000)).toBe(69_000);
    // A clock set back adds nothing.
    expect(elapsedOnOpen(paper, paper.seenAt - 3_600_000)).toBe(9000);
  });

  it('handed in offline, waits; sent once the server answers, graded once, and not sent again', async () => {
    exams = [exam('e1')];
    await fetchPapers(COURSE, USER);
    await startPaper('paper-e1');
    await answerPaper('paper-e1', { questionId: 'q1', optionIds: ['a'], atSeconds: 12 }, 12_000);
    await handInPaper('paper-e1', 30_000);

    // No connection, then another attempt taking the number at the same moment: kept, sent again later.
    submitPlan = ['drop', 'again'];
    expect(await sendHandedInPapers(USER)).toEqual([]);
    expect((await paperFor('e1', USER))!.state).toBe('handedIn');
    expect(await sendHandedInPapers(USER)).toEqual([]);
    expect((await paperFor('e1', USER))!.state).toBe('handedIn');

    const delivered = await sendHandedInPapers(USER);
    expect(delivered.map((d) => d.result)).toEqual([RESULT]);
    expect(submits()).toHaveLength(3);
    expect(submits()[2]).toMatchObject({
      method: 'POST',
      url: '/api/offline-papers/paper-e1/submit',
      body: { answers: [{ questionId: 'q1', optionIds: ['a'], atSeconds: 12 }], elapsedSeconds: 30 },
    });
    expect(Date.parse((submits()[2]!.body as { startedAt: string }).startedAt)).not.toBeNaN();
    expect(await paperFor('e1', USER)).toMatchObject({ state: 'graded', result: RESULT });

    expect(await sendHandedInPapers(USER)).toEqual([]);
    expect(submits()).toHaveLength(3);
    // Answers can no longer change once handed in.
    await answerPaper('paper-e1', { questionId: 'q2', optionIds: ['c'], atSeconds: 40 }, 40_000);
    expect((await paperFor('e1', USER))!.answers).toHaveLength(1);
  });

  it('refused by the server (attempts used up on another device): kept as refused with its reason, not sent again', async () => {
    exams = [exam('e1')];
    await fetchPapers(COURSE, USER);
    await startPaper('paper-e1');
    await handInPaper('paper-e1', 1000);
    submitPlan = [409];
    const [delivered] = await sendHandedInPapers(USER);
    expect(delivered!.result).toBeNull();
    expect(await paperFor('e1', USER)).toMatchObject({ state: 'refused', problem: 'You have used all your attempts for this exam.' });
    await sendHandedInPapers(USER);
    expect(submits()).toHaveLength(1);
  });

  it('a paper left open longer than the server takes is sent within its bounds, its answers kept', async () => {
    exams = [exam('e1')];
    await fetchPapers(COURSE, USER);
    await startPaper('paper-e1');
    await answerPaper('paper-e1', { questionId: 'q1', optionIds: ['a'], atSeconds: 30 }, 30_000);
    await handInPaper('paper-e1', (OFFLINE_EXAM_MAX_SECONDS + 86_400) * 1000);
    const submission = submissionOf((await paperFor('e1', USER))!);
    expect(submission.elapsedSeconds).toBe(OFFLINE_EXAM_MAX_SECONDS);
    expect(offlineSubmissionSchema.safeParse(submission).success).toBe(true);
    expect(submission.answers).toEqual([{ questionId: 'q1', optionIds: ['a'], atSeconds: 30 }]);
  });

  it('a deleted download takes its unused papers, never answers still to be sent', async () => {
    exams = [exam('e1'), exam('e2')];
    await fetchPapers(COURSE, USER);
    await startPaper('paper-e2');
    await deletePapersOf(COURSE);
    expect((await downloadsDb().papers.toArray()).map((p) => p.paperId)).toEqual(['paper-e2']);
  });
});

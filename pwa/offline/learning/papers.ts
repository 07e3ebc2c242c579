/**
 * Exams taken without a connection (issue 34, point 2). When a course is downloaded, the device
 * asks for a paper of each final exam the learner may still take (`POST
 * /api/assessments/:id/offline-paper`: its questions, never which answers are right) and keeps it
 * beside the download. Offline, the exam screen takes the paper: each answer is kept with the time
 * it was given, measured from the start on the monotonic clock (`performance.now()`) while the page
 * is open and by the wall clock while it is closed (a clock set back counts as no time). Handed in,
 * the answers wait here until the server can be reached, then are sent once per paper (`POST
 * /api/offline-papers/:id/submit`: the server grades a paper once and answers the same result
 * again), and the result — or the server's refusal, such as the attempts used up on another device
 * meanwhile — is kept for the screen to show.
 */
import { mayStartAttempt, type AttemptResult, type LearnerAssessment } from '@contracts/assessments';
import { OFFLINE_EXAM_MAX_SECONDS, OFFLINE_EXAM_MESSAGES, type OfflinePaperView, type OfflineSubmission, type PaperAnswer } from '@contracts/offline-learning';
import { ApiError, apiRequest, getJson, isUnavailable } from '@pwa/lib/api-client';
import { downloadsDb, type StoredPaper } from './downloads-db';

export type { StoredPaper };

/** Papers still to be taken or sent: a new draw is not asked for while one of these exists. */
const OPEN_STATES: ReadonlySet<StoredPaper['state']> = new Set(['ready', 'taking', 'handedIn']);

/** Asks for a paper of each final exam of the course that `userId` may still take and holds none of; failures leave the exam online only. */
export async function fetchPapers(courseId: string, userId: string): Promise<void> {
  const exams = await getJson<LearnerAssessment[]>(`/api/me/courses/${encodeURIComponent(courseId)}/assessments`);
  const held = await downloadsDb().papers.where('courseId').equals(courseId).toArray();
  for (const exam of exams) {
    if (
      exam.kind !== 'final' ||
      !mayStartAttempt(!!exam.best?.passed, exam.attemptsLeft) ||
      held.some((p) => p.assessmentId === exam.id && p.userId === userId && OPEN_STATES.has(p.state))
    )
      continue;
    try {
      const response = await apiRequest('POST', `/api/assessments/${encodeURIComponent(exam.id)}/offline-paper`);
      const paper = (await response.json()) as OfflinePaperView;
      // The server keeps one unused paper per person: asked again, the same one comes back.
      await downloadsDb().papers.put({
        paperId: paper.paperId,
        assessmentId: paper.assessmentId,
        courseId: paper.courseId,
        userId,
        paper,
        state: 'ready',
        startedAt: null,
        elapsedMs: 0,
        seenAt: Date.now(),
        answers: [],
        result: null,
        problem: null,
      });
    } catch (error) {
      if (isUnavailable(error)) throw error;
    }
  }
}

/** The paper the exam screen shows for this exam and person: one being taken or sent first, then a result or refusal, then an unused one. */
export async function paperFor(assessmentId: string, userId: string): Promise<StoredPaper | null> {
  const papers = (await downloadsDb().papers.where('assessmentId').equals(assessmentId).toArray()).filter((p) => p.userId === userId);
  const rank: Record<StoredPaper['state'], number> = { taking: 0, handedIn: 1, refused: 2, graded: 3, ready: 4 };
  return papers.sort((a, b) => rank[a.state] - rank[b.state])[0] ?? null;
}

/** The course's final exam kept on this device to take or send (the content page links to it offline), or null. */
export async function openPaperOfCourse(courseId: string, userId: string): Promise<StoredPaper | null> {
  const papers = await downloadsDb().papers.where('courseId').equals(courseId).toArray();
  return papers.find((p) => p.userId === userId && OPEN_STATES.has(p.state)) ?? null;
}

/** Starts the paper (the wall clock's time is sent with the answers; the server bounds it). */
export async function startPaper(paperId: string): Promise<StoredPaper> {
  const now = Date.now();
  await downloadsDb().papers.update(paperId, { state: 'taking', startedAt: new Date(now).toISOString(), elapsedMs: 0, seenAt: now, answers: [] });
  return (await downloadsDb().papers.get(paperId))!;
}

/** Keeps an answer (replacing that question's last one) and the time spent so far. */
export async function answerPaper(paperId: string, answer: PaperAnswer, elapsedMs: number): Promise<void> {
  const db = downloadsDb();
  await db.transaction('rw', db.papers, async () => {
    const paper = await db.papers.get(paperId);
    if (!paper || paper.state !== 'taking') return;
    const answers = [...paper.answers.filter((a) => a.questionId !== answer.questionId), answer];
    await db.papers.update(paperId, { answers, elapsedMs, seenAt: Date.now() });
  });
}

/** Keeps the time spent so far (the page writes it now and then, so a closed page loses little). */
export async function notePaperTime(paperId: string, elapsedMs: number): Promise<void> {
  await downloadsDb().papers.where({ paperId, state: 'taking' }).modify({ elapsedMs, seenAt: Date.now() });
}

/** Hands the paper in: it waits on the device until `sendHandedInPapers` delivers it. */
export async function handInPaper(paperId: string, elapsedMs: number): Promise<void> {
  await downloadsDb().papers.where({ paperId, state: 'taking' }).modify({ state: 'handedIn', elapsedMs, seenAt: Date.now() });
}

/** What is sent: times within what the server takes (a paper left open for longer still has its answers graded). */
export function submissionOf(paper: StoredPaper): OfflineSubmission {
  const elapsedSeconds = Math.min(paper.elapsedMs / 1000, OFFLINE_EXAM_MAX_SECONDS);
  return {
    answers: paper.answers.map((a) => ({ ...a, atSeconds: Math.min(a.atSeconds, elapsedSeconds) })),
    startedAt: paper.startedAt ?? new Date(paper.seenAt).toISOString(),
    elapsedSeconds,
  };
}

export interface DeliveredPaper {
  paper: StoredPaper;
  /** The result, or null when the server refused the paper (its reason is in `paper.problem`). */
  result: AttemptResult | null;
}

let sending: Promise<DeliveredPaper[]> | null = null;

/** Sends every handed-in paper of `userId`; resolves with those the server answered (graded or refused). One run at a time per page. */
export function sendHandedInPapers(userId: string): Promise<DeliveredPaper[]> {
  sending ??= sendEach(userId).finally(() => {
    sending = null;
  });
  return sending;
}

async function sendEach(userId: string): Promise<DeliveredPaper[]> {
  const db = downloadsDb();
  const waiting = (await db.papers.where('state').equals('handedIn').toArray()).filter((p) => p.userId === userId);
  const delivered: DeliveredPaper[] = [];
  for (const paper of waiting) {
    try {
      const response = await apiRequest('POST', `/api/offline-papers/${encodeURIComponent(paper.paperId)}/submit`, submissionOf(paper));
      const result = (await response.json()) as AttemptResult;
      await db.papers.update(paper.paperId, { state: 'graded', result, problem: null });
      delivered.push({ paper: { ...paper, state: 'graded', result }, result });
    } catch (error) {
      // Unreachable: it stays handed in, for the next time the connection is back.
      if (isUnavailable(error)) break;
      // The session ended (401), too many requests (429), or another attempt took the number at the
      // same moment (the server's "send again"): it stays handed in, and goes with the next try.
      if (error instanceof ApiError && (error.status === 401 || error.status === 429 || error.serverMessage === OFFLINE_EXAM_MESSAGES.sendAgain)) break;
      const problem = (error instanceof ApiError && error.serverMessage) || 'Your answers could not be graded.';
      await db.papers.update(paper.paperId, { state: 'refused', problem });
      delivered.push({ paper: { ...paper, state: 'refused', problem }, result: null });
    }
  }
  return delivered;
}

/** Forgets a paper whose result or refusal the learner has seen. */
export async function forgetPaper(paperId: string): Promise<void> {
  await downloadsDb().papers.delete(paperId);
}

/** A deleted download's papers go, except those being taken or waiting to be sent: the learner's answers are kept. */
export async function deletePapersOf(courseId: string): Promise<void> {
  await downloadsDb()
    .papers.where('courseId')
    .equals(courseId)
    .filter((p) => p.state !== 'taking' && p.state !== 'handedIn')
    .delete();
}

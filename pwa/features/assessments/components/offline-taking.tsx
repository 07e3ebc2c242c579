/**
 * A paper being taken offline (issue 34): every question on one page, as online, each answer kept
 * on the device at once with the time it was given (from the start, on the monotonic clock:
 * `performance.now()`, plus what earlier visits spent). The time left counts down from the same
 * clock; at zero the paper is handed in by itself. Handed in, it waits on the device until it can
 * be sent.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AttemptQuestion } from '@contracts/assessments';
import { elapsedOnOpen } from '@pwa/offline/learning/paper-clock';
import type { StoredPaper } from '@pwa/offline/learning/papers';
import { repeatAfter } from '@pwa/lib/repeat';
import { devicePapers as papers } from '../lib/device-papers';
import { AnswerSheet } from './answer-sheet';
import { ExamTimer } from './exam-timer';

/** How often the time spent is written down while the page is open. */
const NOTE_EVERY_MS = 5000;

export const KEPT_ON_DEVICE = 'Saved on this device — sent and graded when you are back online';

export function OfflineTaking({ paper, onHandedIn }: { paper: StoredPaper; onHandedIn: () => void }) {
  const questions = paper.paper.questions as AttemptQuestion[];
  // The attempt's clock: what earlier visits spent, then this page's time — the monotonic clock's,
  // or the wall clock's when more (a device asleep with the page open stops the monotonic one).
  const clock = useMemo(() => {
    const base = elapsedOnOpen(paper);
    const origin = performance.now();
    const wallOrigin = Date.now();
    return () => base + Math.max(performance.now() - origin, Date.now() - wallOrigin);
  }, [paper]);
  const limitMs = paper.paper.timeLimitMinutes ? paper.paper.timeLimitMinutes * 60_000 : null;
  const expiresAt = useMemo(() => (limitMs === null ? null : new Date(Date.now() + limitMs - clock()).toISOString()), [limitMs, clock]);
  const [answers, setAnswers] = useState<Record<string, string[]>>(() => Object.fromEntries(paper.answers.map((a) => [a.questionId, a.optionIds])));
  const [busy, setBusy] = useState(false);

  useEffect(() => repeatAfter(NOTE_EVERY_MS, () => void papers().then((p) => p.notePaperTime(paper.paperId, clock()))), [paper.paperId, clock]);

  const choose = (questionId: string, optionIds: string[]) => {
    setAnswers((previous) => ({ ...previous, [questionId]: optionIds }));
    const at = clock();
    void papers().then((p) => p.answerPaper(paper.paperId, { questionId, optionIds, atSeconds: at / 1000 }, at));
  };

  const handIn = useCallback(async () => {
    setBusy(true);
    const { handInPaper } = await papers();
    await handInPaper(paper.paperId, clock());
    onHandedIn();
  }, [paper.paperId, clock, onHandedIn]);

  return (
    <AnswerSheet
      questions={questions}
      answers={answers}
      onChoose={choose}
      busy={busy}
      timer={expiresAt ? <ExamTimer expiresAt={expiresAt} onTimeUp={() => void handIn()} running={!busy} /> : null}
      status={KEPT_ON_DEVICE}
      onSubmit={() => void handIn()}
    />
  );
}

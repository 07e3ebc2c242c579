// @vitest-environment jsdom
/**
 * A final exam on the device (issue 34), against fake IndexedDB: before starting it says it is
 * taken offline; started, each answer is kept on the device with its time; handed in, it says the
 * answers wait to be sent; refused by the server (attempts used up elsewhere), the learner is told
 * why, and OK forgets the paper. The time's end hands it in by itself.
 */
import 'fake-indexeddb/auto';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_EXAM_MESSAGES } from '@contracts/offline-learning';
import { downloadsDb, type StoredPaper } from '@pwa/offline/learning/downloads-db';
import { paperFor } from '@pwa/offline/learning/papers';
import { stubResizeObserver } from '@pwa/test-support/dom';
import { OfflineExam } from './offline-exam';

const stored = (over: Partial<StoredPaper> = {}): StoredPaper => ({
  paperId: 'p1',
  assessmentId: 'a1',
  courseId: 'c1',
  userId: 'u1',
  paper: {
    paperId: 'p1',
    assessmentId: 'a1',
    courseId: 'c1',
    kind: 'final',
    title: 'GMP final exam',
    timeLimitMinutes: 15,
    passMarkPercent: 70,
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
      {
        id: 'q2',
        kind: 'single',
        text: '<p>Is a logbook a record?</p>',
        options: [
          { id: 'o3', text: 'Yes' },
          { id: 'o4', text: 'No' },
        ],
      },
    ],
  },
  state: 'ready',
  startedAt: null,
  elapsedMs: 0,
  seenAt: Date.now(),
  answers: [],
  result: null,
  problem: null,
  ...over,
});

/** The screen as the exam page shows it: the paper read again from the device after each change. */
function Harness() {
  const [paper, setPaper] = useState<StoredPaper | null>(null);
  const reload = () => void paperFor('a1', 'u1').then(setPaper);
  if (!paper) {
    reload();
    return null;
  }
  return (
    <FluentProvider theme={webLightTheme}>
      <OfflineExam paper={paper} onChange={reload} />
    </FluentProvider>
  );
}

beforeEach(() => stubResizeObserver());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await downloadsDb().papers.clear();
});

describe('a final exam taken on the device', () => {
  it('says it is taken offline, keeps each answer with its time, and waits to be sent once handed in', async () => {
    await downloadsDb().papers.put(stored());
    render(<Harness />);
    expect(await screen.findByText(OFFLINE_EXAM_MESSAGES.takeOffline)).toBeTruthy();
    expect(screen.getByText('2 questions')).toBeTruthy();
    expect(screen.getByText('15 minutes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start exam' }));

    fireEvent.click(await screen.findByRole('radio', { name: 'QA' }));
    await waitFor(async () => expect((await paperFor('a1', 'u1'))!.answers.map((a) => a.optionIds)).toEqual([['o1']]));
    expect(screen.getByText('Answered 1 of 2')).toBeTruthy();
    expect(screen.getByTestId('exam-time-left').textContent).toMatch(/^(15:00|14:5\d)$/);

    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByText('Question 2 is not answered. You cannot change your answers afterwards.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, submit' }));
    const handedIn = await screen.findByText(OFFLINE_EXAM_MESSAGES.handedIn);
    // The Submit button is gone: focus is on what is said.
    await waitFor(() => expect(handedIn.closest('[tabindex="-1"]')).toBe(document.activeElement));
    const paper = (await paperFor('a1', 'u1'))!;
    expect(paper.state).toBe('handedIn');
    expect(paper.answers[0]!.atSeconds).toBeLessThanOrEqual(paper.elapsedMs / 1000);
  });

  it('hands the paper in by itself when its time is up (time spent on an earlier visit counts)', async () => {
    const now = Date.now();
    await downloadsDb().papers.put(stored({ state: 'taking', startedAt: new Date(now - 15 * 60_000).toISOString(), elapsedMs: 15 * 60_000, seenAt: now }));
    render(<Harness />);
    expect(await screen.findByText(OFFLINE_EXAM_MESSAGES.handedIn)).toBeTruthy();
    expect((await paperFor('a1', 'u1'))!.state).toBe('handedIn');
  });

  it('refused by the server: says why; OK forgets the paper', async () => {
    await downloadsDb().papers.put(stored({ state: 'refused', problem: 'You have used all your attempts for this exam.' }));
    render(<Harness />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${OFFLINE_EXAM_MESSAGES.notGraded} You have used all your attempts for this exam.`);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(async () => expect(await downloadsDb().papers.count()).toBe(0));
  });
});

/**
 * An attempt's answers kept on this device (localStorage, one entry per attempt) the moment they are
 * chosen, so neither a reload nor a dropped connection loses one. Each answer carries a version; an
 * answer is unsent until the server has acknowledged that very version (a change made while the
 * last one was on its way stays unsent).
 */
import type { Answer } from '@contracts/assessments';

export interface KeptAnswers {
  answers: Record<string, string[]>;
  /** Question id → version of its answer not yet acknowledged by the server. */
  unsent: Record<string, number>;
  version: number;
}

const PREFIX = 'exam-answers:';
const keyOf = (attemptId: string) => `${PREFIX}${attemptId}`;
const empty = (): KeptAnswers => ({ answers: {}, unsent: {}, version: 0 });

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readKept(attemptId: string): KeptAnswers {
  try {
    const raw = storage()?.getItem(keyOf(attemptId));
    if (!raw) return empty();
    const parsed = JSON.parse(raw) as Partial<KeptAnswers>;
    return { answers: parsed.answers ?? {}, unsent: parsed.unsent ?? {}, version: parsed.version ?? 0 };
  } catch {
    return empty();
  }
}

function write(attemptId: string, kept: KeptAnswers): void {
  try {
    storage()?.setItem(keyOf(attemptId), JSON.stringify(kept));
  } catch {
    // A full or blocked storage: the answer still travels while the page is open.
  }
}

/** Keeps one question's answer at once, unsent. */
export function keepAnswer(attemptId: string, questionId: string, optionIds: string[]): void {
  const kept = readKept(attemptId);
  kept.version += 1;
  kept.answers[questionId] = optionIds;
  kept.unsent[questionId] = kept.version;
  write(attemptId, kept);
}

/** The unsent answers and the versions they carry (what a save acknowledges). */
export function unsentAnswers(attemptId: string): { answers: Answer[]; versions: Record<string, number> } {
  const kept = readKept(attemptId);
  const versions = { ...kept.unsent };
  const answers = Object.keys(versions).map((questionId) => ({ questionId, optionIds: kept.answers[questionId] ?? [] }));
  return { answers, versions };
}

/** The server has these versions: they are sent, unless changed again since. */
export function markSent(attemptId: string, versions: Record<string, number>): void {
  const kept = readKept(attemptId);
  for (const [questionId, version] of Object.entries(versions)) {
    if (kept.unsent[questionId] === version) delete kept.unsent[questionId];
  }
  write(attemptId, kept);
}

/** The server's saved answers with this device's unsent ones laid over them (a reload's resume). */
export function mergeWithServer(attemptId: string, server: Record<string, string[]>): Record<string, string[]> {
  const kept = readKept(attemptId);
  const merged = { ...server };
  for (const questionId of Object.keys(kept.unsent)) merged[questionId] = kept.answers[questionId] ?? [];
  return merged;
}

/** Submitted: nothing more to keep. */
export function forgetKept(attemptId: string): void {
  try {
    storage()?.removeItem(keyOf(attemptId));
  } catch {
    // Nothing to do.
  }
}

/**
 * A course's completion rule (issue 31, point 4; learning spec "Completion") and the one pure
 * function from a person's facts to whether it holds and what is left. The server stores its result
 * with the moment it first held; My Training, the back office, certificates and team reports read
 * that. A completion once recorded stays (evidence is never recomputed away).
 */
import { z } from 'zod';
import type { CourseType } from './course-types';

/** `PUT /api/courses/:id/completion-rule` (staff): any combination; at least one condition. */
const ruleShape = z
  .object({
    /** Videos watched at least this share. */
    minWatchedPercent: z.number().int().min(1).max(100).nullable().optional(),
    /** `each` video, or the course's videos in `total` (default each). */
    watchedScope: z.enum(['each', 'total']).optional(),
    finalExamPassed: z.boolean().optional(),
    minAttendanceMinutes: z.number().int().min(1).max(100_000).nullable().optional(),
    /** Live attendance credits at least this (0 is not a condition; any credit: the smallest step). */
    minCredits: z.number().min(0.1).max(1_000).nullable().optional(),
    checkInRequired: z.boolean().optional(),
  })
  .strict();
export type CompletionRule = z.infer<typeof ruleShape>;
export const COMPLETION_MESSAGES = { noCondition: 'Choose at least one condition for completing the course.' } as const;
export const completionRuleSchema = ruleShape.refine((rule) => ruleHasCondition(rule), { message: COMPLETION_MESSAGES.noCondition });

export function ruleHasCondition(rule: CompletionRule): boolean {
  return !!(rule.minWatchedPercent || rule.finalExamPassed || rule.minAttendanceMinutes || rule.minCredits || rule.checkInRequired);
}

const RECORDED: ReadonlySet<CourseType> = new Set(['recorded_webinar', 'recorded_seminar', 'recorded_course']);

/**
 * The rule of a course whose staff set none: recorded courses every video watched ≥ 90 %; live
 * webinars attended (1 minute); in-person seminars checked in; and a final exam passed wherever
 * the course has one.
 */
export function defaultCompletionRule(type: CourseType | string, hasFinalExam: boolean): CompletionRule {
  const exam = hasFinalExam ? { finalExamPassed: true } : {};
  if (RECORDED.has(type as CourseType)) return { minWatchedPercent: 90, watchedScope: 'each', ...exam };
  if (type === 'live_seminar') return { checkInRequired: true, ...exam };
  return { minAttendanceMinutes: 1, ...exam };
}

/** What the rule is judged on, for one person and course. */
export interface CompletionFacts {
  /** Each video lesson of the course that can be watched (ready), with the share watched. */
  videos: Array<{ lessonId: string; durationSeconds: number; watchedSeconds: number }>;
  /** Whether the person passed the course's final exam (false where it has none). */
  finalExamPassed: boolean;
  attendedMinutes: number;
  credits: number;
  checkedIn: boolean;
}

export type CompletionGap =
  /** `count` videos below the share; 0: the course has no video ready yet. */
  | { kind: 'videos'; count: number }
  | { kind: 'watched_total'; percentLeft: number }
  | { kind: 'final_exam' }
  | { kind: 'attendance'; minutesLeft: number }
  | { kind: 'credits'; creditsLeft: number }
  | { kind: 'check_in' };

export interface CompletionVerdict {
  complete: boolean;
  left: CompletionGap[];
}

function percentOf(watched: number, duration: number): number {
  return duration > 0 ? Math.min(100, (watched / duration) * 100) : 100;
}

/** The one judgement of a rule over a person's facts: complete, or what is left. */
export function evaluateCompletion(rule: CompletionRule, facts: CompletionFacts): CompletionVerdict {
  const left: CompletionGap[] = [];
  const min = rule.minWatchedPercent ?? 0;
  // A rule asking for videos watched on a course with none ready yet cannot hold (a completion
  // once recorded stays): `count: 0` says the videos are still to come.
  if (min > 0 && facts.videos.length === 0) left.push({ kind: 'videos', count: 0 });
  if (min > 0 && facts.videos.length > 0) {
    if ((rule.watchedScope ?? 'each') === 'each') {
      const short = facts.videos.filter((v) => percentOf(v.watchedSeconds, v.durationSeconds) < min).length;
      if (short > 0) left.push({ kind: 'videos', count: short });
    } else {
      const duration = facts.videos.reduce((sum, v) => sum + v.durationSeconds, 0);
      const watched = facts.videos.reduce((sum, v) => sum + Math.min(v.watchedSeconds, v.durationSeconds), 0);
      const percent = percentOf(watched, duration);
      if (percent < min) left.push({ kind: 'watched_total', percentLeft: Math.ceil(min - percent) });
    }
  }
  // A rule asking for a passed exam on a course without one cannot hold: staff must add it.
  if (rule.finalExamPassed && !facts.finalExamPassed) left.push({ kind: 'final_exam' });
  if (rule.minAttendanceMinutes && facts.attendedMinutes < rule.minAttendanceMinutes) {
    left.push({ kind: 'attendance', minutesLeft: rule.minAttendanceMinutes - Math.floor(facts.attendedMinutes) });
  }
  if (rule.minCredits && facts.credits + 1e-9 < rule.minCredits) {
    left.push({ kind: 'credits', creditsLeft: Math.round((rule.minCredits - facts.credits) * 10) / 10 });
  }
  if (rule.checkInRequired && !facts.checkedIn) left.push({ kind: 'check_in' });
  return { complete: left.length === 0 && ruleHasCondition(rule), left };
}

/** "2 lessons to watch, final exam not passed": what My Training and the back office say is left. */
export function describeLeft(left: readonly CompletionGap[]): string {
  return left
    .map((gap) => {
      switch (gap.kind) {
        case 'videos':
          if (gap.count === 0) return 'videos not available yet';
          return `${gap.count} ${gap.count === 1 ? 'lesson' : 'lessons'} to watch`;
        case 'watched_total':
          return `${gap.percentLeft} % of the videos to watch`;
        case 'final_exam':
          return 'final exam not passed';
        case 'attendance':
          return `${gap.minutesLeft} min of attendance to go`;
        case 'credits':
          return `${gap.creditsLeft} ${gap.creditsLeft === 1 ? 'credit' : 'credits'} to earn`;
        case 'check_in':
          return 'not checked in';
      }
    })
    .join(', ');
}

/** A course's completion as the learner and staff read it. */
export interface CompletionState {
  completedAt: string | null;
  left: CompletionGap[];
  /** `describeLeft(left)`, or "" once complete. */
  leftText: string;
}

/** The one completion function (issue 31, point 4): each condition on its own and together, and the words My Training shows. */
import { describe, expect, it } from 'vitest';
import { completionRuleSchema, defaultCompletionRule, describeLeft, evaluateCompletion, type CompletionFacts } from './completion';

const facts = (over: Partial<CompletionFacts> = {}): CompletionFacts => ({
  videos: [
    { lessonId: 'a', durationSeconds: 600, watchedSeconds: 600 },
    { lessonId: 'b', durationSeconds: 600, watchedSeconds: 300 },
  ],
  finalExamPassed: false,
  attendedMinutes: 0,
  credits: 0,
  checkedIn: false,
  ...over,
});

describe('evaluateCompletion', () => {
  it('each video: one watched 50 % under a 90 % rule is one lesson left; 90 % of each completes', () => {
    expect(evaluateCompletion({ minWatchedPercent: 90 }, facts())).toEqual({ complete: false, left: [{ kind: 'videos', count: 1 }] });
    const watched = facts({ videos: facts().videos.map((v) => ({ ...v, watchedSeconds: 540 })) });
    expect(evaluateCompletion({ minWatchedPercent: 90, watchedScope: 'each' }, watched)).toEqual({ complete: true, left: [] });
  });

  it('in total: the course’s videos together, with the share still to watch', () => {
    expect(evaluateCompletion({ minWatchedPercent: 75, watchedScope: 'total' }, facts())).toEqual({ complete: true, left: [] });
    expect(evaluateCompletion({ minWatchedPercent: 90, watchedScope: 'total' }, facts())).toEqual({
      complete: false,
      left: [{ kind: 'watched_total', percentLeft: 15 }],
    });
    // Watching past the end of one video does not make up for another.
    const over = facts({
      videos: [
        { lessonId: 'a', durationSeconds: 100, watchedSeconds: 500 },
        { lessonId: 'b', durationSeconds: 100, watchedSeconds: 0 },
      ],
    });
    expect(evaluateCompletion({ minWatchedPercent: 60, watchedScope: 'total' }, over).complete).toBe(false);
  });

  it('a rule of videos on a course with none ready yet does not hold', () => {
    expect(evaluateCompletion({ minWatchedPercent: 90 }, facts({ videos: [] }))).toEqual({ complete: false, left: [{ kind: 'videos', count: 0 }] });
    expect(describeLeft([{ kind: 'videos', count: 0 }])).toBe('videos not available yet');
  });

  it('the final exam: passed or not; a rule asking for one on a course without it does not hold', () => {
    expect(evaluateCompletion({ finalExamPassed: true }, facts()).left).toEqual([{ kind: 'final_exam' }]);
    expect(evaluateCompletion({ finalExamPassed: true }, facts({ finalExamPassed: true })).complete).toBe(true);
    expect(evaluateCompletion({ finalExamPassed: true }, facts({ finalExamPassed: false })).complete).toBe(false);
  });

  it('attendance minutes, credits and check-in', () => {
    expect(evaluateCompletion({ minAttendanceMinutes: 30 }, facts({ attendedMinutes: 20 })).left).toEqual([{ kind: 'attendance', minutesLeft: 10 }]);
    expect(evaluateCompletion({ minAttendanceMinutes: 30 }, facts({ attendedMinutes: 30 })).complete).toBe(true);
    expect(evaluateCompletion({ minCredits: 1.5 }, facts({ credits: 1 })).left).toEqual([{ kind: 'credits', creditsLeft: 0.5 }]);
    expect(evaluateCompletion({ minCredits: 1.5 }, facts({ credits: 1.5 })).complete).toBe(true);
    expect(evaluateCompletion({ minCredits: 0.1 }, facts({ credits: 0 })).complete).toBe(false);
    expect(evaluateCompletion({ checkInRequired: true }, facts()).left).toEqual([{ kind: 'check_in' }]);
    expect(evaluateCompletion({ checkInRequired: true }, facts({ checkedIn: true })).complete).toBe(true);
  });

  it('every condition together, and a rule with none never completes', () => {
    const rule = { minWatchedPercent: 90, finalExamPassed: true, minAttendanceMinutes: 10, minCredits: 1, checkInRequired: true };
    expect(evaluateCompletion(rule, facts()).left.map((gap) => gap.kind)).toEqual(['videos', 'final_exam', 'attendance', 'credits', 'check_in']);
    const all = facts({
      videos: facts().videos.map((v) => ({ ...v, watchedSeconds: 600 })),
      finalExamPassed: true,
      attendedMinutes: 60,
      credits: 1,
      checkedIn: true,
    });
    expect(evaluateCompletion(rule, all).complete).toBe(true);
    expect(evaluateCompletion({}, all).complete).toBe(false);
  });
});

describe('the rule', () => {
  it('needs at least one condition, and defaults by the course type', () => {
    expect(completionRuleSchema.safeParse({}).success).toBe(false);
    expect(completionRuleSchema.safeParse({ finalExamPassed: false, checkInRequired: false }).success).toBe(false);
    expect(completionRuleSchema.safeParse({ minCredits: 1, extra: 1 }).success).toBe(false);
    expect(completionRuleSchema.safeParse({ minWatchedPercent: 90, watchedScope: 'total' }).success).toBe(true);
    expect(defaultCompletionRule('recorded_course', true)).toEqual({ minWatchedPercent: 90, watchedScope: 'each', finalExamPassed: true });
    expect(defaultCompletionRule('live_seminar', false)).toEqual({ checkInRequired: true });
    expect(defaultCompletionRule('live_webinar', false)).toEqual({ minAttendanceMinutes: 1 });
  });
});

describe('describeLeft', () => {
  it('says what is left as My Training shows it', () => {
    expect(describeLeft([{ kind: 'videos', count: 2 }, { kind: 'final_exam' }])).toBe('2 lessons to watch, final exam not passed');
    expect(describeLeft([{ kind: 'videos', count: 1 }, { kind: 'check_in' }])).toBe('1 lesson to watch, not checked in');
    expect(
      describeLeft([
        { kind: 'credits', creditsLeft: 1 },
        { kind: 'attendance', minutesLeft: 10 },
      ]),
    ).toBe('1 credit to earn, 10 min of attendance to go');
    expect(
      describeLeft([
        { kind: 'credits', creditsLeft: 0.5 },
        { kind: 'watched_total', percentLeft: 15 },
      ]),
    ).toBe('0.5 credits to earn, 15 % of the videos to watch');
    expect(describeLeft([])).toBe('');
  });
});

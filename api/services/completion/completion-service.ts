/**
 * Completion (issue 31, point 4; learning spec "Completion"): each course's rule (the one staff set,
 * else the type's default) judged by `evaluateCompletion` over a person's facts, stored per person
 * and course (`course_completions`: what is left, when it was checked, and `completed_at`, the
 * moment it first held — set once by a conditional update and never cleared, whatever the rule
 * becomes). Recomputed after each input's write commits (progress, attendance, check-in, a graded
 * attempt) and, for a new rule, by the `apply-completion-rule` job for everyone not yet complete.
 * A new completion queues its certificate (`certificates/issue-kind.ts`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  completionRuleSchema,
  defaultCompletionRule,
  describeLeft,
  evaluateCompletion,
  type CompletionGap,
  type CompletionRule,
  type CompletionState,
} from '@contracts/completion';
import { Course, CourseCompletion, CourseCompletionRule } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { whereLive } from '../enrollments/entitlements';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { queueIssuing } from '../certificates/issue-kind';
import { queueRuleApplication } from './apply-rule-kind';
import { byChunks, CHUNK, factsKey, finalExamsOf, loadCompletionFacts, type FinalExam } from './completion-facts';

type Db = Knex | Knex.Transaction;

/** Rows per multi-row insert (SQLite writes one as a compound SELECT of at most 500 terms). */
const INSERT_CHUNK = 200;

export interface CompletionRuleDto {
  rule: CompletionRule;
  /** No rule stored: the course type's default (with the final exam when the course has one). */
  isDefault: boolean;
}

/** A stored rule as the contract reads it; an unreadable one counts as none. */
function storedRule(row: CourseCompletionRule | undefined): CompletionRule | null {
  if (!row) return null;
  const parsed = completionRuleSchema.safeParse(typeof row.rule === 'string' ? JSON.parse(row.rule) : row.rule);
  return parsed.success ? parsed.data : null;
}

export const stateOf = (row: Pick<CourseCompletion, 'completedAt' | 'left'> | undefined, left?: CompletionGap[]): CompletionState => {
  const completedAt = row?.completedAt ?? null;
  const gaps = completedAt ? [] : ((left ?? row?.left ?? []) as CompletionGap[]);
  return { completedAt, left: gaps, leftText: describeLeft(gaps) };
};

export class CompletionService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  /** Each course's rule (the stored one, else the type's default, which asks for the final exam where there is one), and the final exams. */
  private async rulesOf(db: Db, courseIds: string[]): Promise<{ rules: Map<string, CompletionRuleDto>; finals: FinalExam[] }> {
    const [courses, stored, finals] = await Promise.all([
      Course.query(db).whereIn('id', courseIds).select('id', 'type'),
      CourseCompletionRule.query(db).whereIn('course_id', courseIds),
      finalExamsOf(db, courseIds),
    ]);
    const rows = new Map(stored.map((row) => [row.courseId, row]));
    const withFinal = new Set(finals.map((final) => final.courseId));
    const rules = new Map(
      courses.map((course) => {
        const rule = storedRule(rows.get(course.id));
        return [course.id, rule ? { rule, isDefault: false } : { rule: defaultCompletionRule(course.type, withFinal.has(course.id)), isDefault: true }];
      }),
    );
    return { rules, finals };
  }

  /** `GET /api/courses/:id/completion-rule`. */
  async rule(courseId: string): Promise<CompletionRuleDto> {
    const rule = (await this.rulesOf(this.o.knex, [courseId])).rules.get(courseId);
    if (!rule) throw AppError.notFound('Course not found');
    return rule;
  }

  /**
   * `PUT /api/courses/:id/completion-rule`: stores the rule, audited before → after, and queues its
   * application to everyone entitled and not yet complete (keyed by course and this change).
   */
  async setRule(actor: Actor, courseId: string, rule: CompletionRule, record?: RecordAnswer<CompletionRuleDto>): Promise<CompletionRuleDto> {
    const before = await this.rule(courseId);
    const now = this.o.clock().toISOString();
    return transaction(this.o.knex, async (trx) => {
      const course = await Course.query(trx).findById(courseId).select('id', 'title');
      if (!course) throw AppError.notFound('Course not found');
      await CourseCompletionRule.insertMany(trx, [{ courseId, rule, updatedAt: now }], { ignoreConflictsOn: ['course_id'] });
      await CourseCompletionRule.query(trx).findById(courseId).patch({ rule, updatedAt: now });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before: { completionRule: before.isDefault ? null : before.rule },
          after: { completionRule: rule },
          summary: `Set the completion rule of "${course.title}"`,
        },
        now,
      );
      const change = crypto.createHash('sha256').update(JSON.stringify(rule)).digest('hex').slice(0, 16);
      await queueRuleApplication(trx, courseId, change, now);
      const dto = { rule, isDefault: false };
      await record?.(trx, dto);
      return dto;
    });
  }

  /**
   * Judges `userIds` on `courseId` now and stores the verdicts; `completed_at` only the first time it
   * holds. People already complete are left out (one query): nothing can change for them, and a
   * progress report of someone who finished a course costs no more.
   */
  async recompute(courseId: string, userIds: string[]): Promise<void> {
    const asked = [...new Set(userIds)];
    const completed = await byChunks(asked, async (ids) =>
      CourseCompletion.query(this.o.knex).where('course_id', courseId).whereIn('user_id', ids).whereNotNull('completed_at').select('user_id'),
    );
    const done = new Set(completed.map((row) => row.userId));
    const people = asked.filter((id) => !done.has(id));
    if (people.length === 0) return;
    const { rules, finals } = await this.rulesOf(this.o.knex, [courseId]);
    const rule = rules.get(courseId);
    if (!rule) return;
    const facts = await loadCompletionFacts(this.o.knex, [courseId], people, finals, [rule.rule]);
    const now = this.o.clock().toISOString();
    const byLeft = new Map<string, string[]>();
    const complete: string[] = [];
    for (const userId of people) {
      const verdict = evaluateCompletion(rule.rule, facts.get(factsKey(courseId, userId))!);
      if (verdict.complete) complete.push(userId);
      const left = JSON.stringify(verdict.left);
      byLeft.set(left, [...(byLeft.get(left) ?? []), userId]);
    }
    await transaction(this.o.knex, async (trx) => {
      const rows = people.map((userId) => ({ userId, courseId, completedAt: null, left: [], checkedAt: now }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await CourseCompletion.insertMany(trx, rows.slice(i, i + INSERT_CHUNK), { ignoreConflictsOn: ['user_id', 'course_id'] });
      for (const [left, ids] of byLeft)
        for (let i = 0; i < ids.length; i += CHUNK)
          await trx('course_completions')
            .where('course_id', courseId)
            .whereIn('user_id', ids.slice(i, i + CHUNK))
            .update({ left, checked_at: now });
      for (let i = 0; i < complete.length; i += CHUNK)
        await trx('course_completions')
          .where('course_id', courseId)
          .whereIn('user_id', complete.slice(i, i + CHUNK))
          .whereNull('completed_at')
          .update({ completed_at: now });
      // Their certificates, issued by a job once this commits (issue 32).
      if (complete.length > 0) await queueIssuing(trx, courseId, complete, now);
    });
  }

  /** Everyone with a live right to the course and no completion yet, after `afterUserId`, `limit` at a time (the rule job's pages). */
  async pendingPeople(courseId: string, afterUserId: string, limit: number): Promise<string[]> {
    const nowIso = this.o.clock().toISOString();
    const query = this.o
      .knex('entitlements')
      .where('entitlements.course_id', courseId)
      .where('entitlements.user_id', '>', afterUserId)
      .whereNotExists(
        this.o
          .knex({ cc: 'course_completions' })
          .select(this.o.knex.raw('1'))
          .whereRaw('?? = ??', ['cc.user_id', 'entitlements.user_id'])
          .where('cc.course_id', courseId)
          .whereNotNull('cc.completed_at'),
      )
      .distinct('entitlements.user_id as userId')
      .orderBy('entitlements.user_id')
      .limit(limit);
    whereLive(query, nowIso);
    return ((await query) as Array<{ userId: string }>).map((row) => row.userId);
  }

  /**
   * A person's completion of each of `courseIds` (My Training): the stored verdict, or — for a
   * course nothing has been recomputed for yet — the verdict computed now (one batched facts read
   * for all of those), stored only if it holds (its completion is recorded from then on).
   */
  async statesOf(userId: string, courseIds: string[]): Promise<Map<string, CompletionState>> {
    const states = new Map<string, CompletionState>();
    if (courseIds.length === 0) return states;
    const stored = await CourseCompletion.query(this.o.knex).where('user_id', userId).whereIn('course_id', courseIds);
    for (const row of stored) states.set(row.courseId, stateOf(row));
    const missing = courseIds.filter((id) => !states.has(id));
    if (missing.length === 0) return states;
    const { rules, finals } = await this.rulesOf(this.o.knex, missing);
    const facts = await loadCompletionFacts(
      this.o.knex,
      missing,
      [userId],
      finals,
      [...rules.values()].map((r) => r.rule),
    );
    const heldNow: string[] = [];
    for (const courseId of missing) {
      const rule = rules.get(courseId);
      if (!rule) continue;
      const verdict = evaluateCompletion(rule.rule, facts.get(factsKey(courseId, userId))!);
      if (verdict.complete) heldNow.push(courseId);
      else states.set(courseId, stateOf(undefined, verdict.left));
    }
    // Rare (inputs from before completion was recorded, or a course with nothing to do): it holds
    // now, so it is recorded now, as any recompute would.
    for (const courseId of heldNow) await this.recompute(courseId, [userId]);
    if (heldNow.length > 0)
      for (const row of await CourseCompletion.query(this.o.knex).where('user_id', userId).whereIn('course_id', heldNow))
        states.set(row.courseId, stateOf(row));
    return states;
  }
}

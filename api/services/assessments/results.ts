/**
 * The staff results table of a course (issue 31, point 5): one row per person and assessment (not
 * deleted) they submitted an attempt of — attempts, best and last score, passed, the last
 * submission — with the person's completion of the course (`course_completions.completed_at`,
 * null until complete). Two queries whatever the number of people: the assessments, and the
 * submitted attempts joined to their people and completions. As CSV with the same columns.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Knex } from 'knex';
import { ASSESSMENT_RESULT_CSV_COLUMNS, type AssessmentResultRow } from '@contracts/assessments';
import { Assessment } from '@db/models';
import { neutralise } from '../orders/order-report';
import { courseExists } from './questions';

interface AttemptLine {
  assessment_id: string;
  user_id: string;
  number: number;
  score_percent: number | string | null;
  passed: number | boolean | null;
  submitted_at: string | null;
  name: string;
  email: string;
  completed_at: string | null;
}

export class AssessmentResultsService {
  constructor(private readonly o: { knex: Knex }) {}

  async rows(courseId: string): Promise<AssessmentResultRow[]> {
    const { knex } = this.o;
    await courseExists(knex, courseId);
    const assessments = await Assessment.query(knex).where('course_id', courseId).whereNull('deleted_at').select('id', 'title');
    const titles = new Map(assessments.map((a) => [a.id, a.title]));
    const lines = (await knex('assessment_attempts as a')
      .join('users as u', 'u.id', 'a.user_id')
      .leftJoin('course_completions as c', (on) => on.on('c.user_id', '=', 'a.user_id').andOn('c.course_id', '=', 'a.course_id'))
      .where('a.course_id', courseId)
      .where('a.status', 'submitted')
      .select(
        'a.assessment_id',
        'a.user_id',
        'a.number',
        'a.score_percent',
        'a.passed',
        'a.submitted_at',
        'u.name',
        'u.email',
        'c.completed_at',
      )) as AttemptLine[];
    const rows = new Map<string, AssessmentResultRow & { lastNumber: number }>();
    for (const line of lines) {
      const title = titles.get(line.assessment_id);
      if (title === undefined) continue;
      const key = `${line.user_id}\n${line.assessment_id}`;
      const score = line.score_percent === null ? null : Number(line.score_percent);
      const row = rows.get(key) ?? {
        userId: line.user_id,
        name: line.name,
        email: line.email,
        assessmentId: line.assessment_id,
        assessmentTitle: title,
        attempts: 0,
        bestScorePercent: null,
        lastScorePercent: null,
        passed: false,
        lastSubmittedAt: null,
        completedAt: line.completed_at ?? null,
        lastNumber: -1,
      };
      row.attempts += 1;
      if (score !== null && (row.bestScorePercent === null || score > row.bestScorePercent)) row.bestScorePercent = score;
      if (line.number > row.lastNumber) [row.lastNumber, row.lastScorePercent] = [line.number, score];
      if (line.submitted_at && (!row.lastSubmittedAt || line.submitted_at > row.lastSubmittedAt)) row.lastSubmittedAt = line.submitted_at;
      row.passed ||= !!Number(line.passed);
      rows.set(key, row);
    }
    return [...rows.values()]
      .map(({ lastNumber: _n, ...row }) => row)
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email) || a.assessmentTitle.localeCompare(b.assessmentTitle));
  }

  async csv(courseId: string): Promise<Readable> {
    const rows = await this.rows(courseId);
    const csv = stringify({ header: true, columns: [...ASSESSMENT_RESULT_CSV_COLUMNS], bom: true, cast: { string: neutralise } });
    const lines = rows.map((r) => [
      r.name,
      r.email,
      r.assessmentTitle,
      String(r.attempts),
      r.bestScorePercent === null ? '' : String(r.bestScorePercent),
      r.lastScorePercent === null ? '' : String(r.lastScorePercent),
      r.passed ? 'yes' : 'no',
      r.lastSubmittedAt ?? '',
      r.completedAt ?? '',
    ]);
    return Readable.from(lines).pipe(csv);
  }
}

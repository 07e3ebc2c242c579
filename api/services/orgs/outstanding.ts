/** What a member still has to do: the courses of their seats they have not completed (reminders and their mail read it). */
import type { Knex } from 'knex';
import { CourseCompletion, OrgSeat, type OrgMember } from '@db/models';

export interface Outstanding {
  courseId: string;
  dueAt: string | null;
}

/** Per member, the seats' courses they have not completed, with when each is due (an invited member: all of them). */
export async function outstandingCourses(db: Knex, members: readonly OrgMember[]): Promise<Map<string, Outstanding[]>> {
  const result = new Map<string, Outstanding[]>();
  if (members.length === 0) return result;
  const seats = await OrgSeat.query(db)
    .whereIn(
      'member_id',
      members.map((m) => m.id),
    )
    .whereNull('voided_at')
    .select('member_id', 'course_id', 'due_at');
  const userIds = members.map((m) => m.userId).filter((id): id is string => !!id);
  const completed = new Set(
    (userIds.length ? await CourseCompletion.query(db).whereIn('user_id', userIds).whereNotNull('completed_at').select('user_id', 'course_id') : []).map(
      (c) => `${c.userId}:${c.courseId}`,
    ),
  );
  const userOf = new Map(members.map((m) => [m.id, m.userId]));
  for (const seat of seats) {
    const userId = userOf.get(seat.memberId!);
    if (userId && completed.has(`${userId}:${seat.courseId}`)) continue;
    const own = result.get(seat.memberId!) ?? [];
    own.push({ courseId: seat.courseId, dueAt: seat.dueAt });
    result.set(seat.memberId!, own);
  }
  return result;
}

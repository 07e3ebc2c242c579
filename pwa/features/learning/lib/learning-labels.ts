/** Words of My Training and the syllabus, and facts read off a syllabus. */
import type { EntitlementSourceName, LessonKindName, Syllabus, SyllabusLesson } from '@contracts/learning';
import { formatDayMonthYear } from '@pwa/lib/format';

export const SOURCE_LABELS: Record<EntitlementSourceName, string> = {
  order: 'Bought',
  membership: 'Membership',
  grant: 'Granted',
  seat: 'Company seat',
};

export const COURSE_TYPE_LABELS: Record<string, string> = {
  live_seminar: 'Live Seminar',
  live_webinar: 'Live Webinar',
  webinar: 'Webinar',
  recorded_webinar: 'Recorded Webinar',
  recorded_seminar: 'Recorded Seminar',
  recorded_course: 'Recorded Course',
};

export const KIND_LABELS: Record<LessonKindName, string> = { video: 'Video', document: 'Handout (PDF)', text: 'Reading' };

export const HANDOUT_BUTTON = 'Download handout (PDF)';

/** "Done", "40% watched", or nothing yet. */
export function lessonStatus(lesson: Pick<SyllabusLesson, 'watchedPercent'>): string {
  const percent = lesson.watchedPercent ?? 0;
  if (percent >= 100) return 'Done';
  return percent > 0 ? `${percent}% watched` : '';
}

/** Every lesson in the syllabus's order. */
export function lessonsOf(syllabus: Syllabus): SyllabusLesson[] {
  return syllabus.modules.flatMap((m) => m.lessons);
}

/** The lessons before and after `lessonId` in the syllabus's order. */
export function neighbours(syllabus: Syllabus, lessonId: string): { previous?: SyllabusLesson; next?: SyllabusLesson } {
  const all = lessonsOf(syllabus);
  const at = all.findIndex((l) => l.id === lessonId);
  if (at < 0) return {};
  return { previous: all[at - 1], next: all[at + 1] };
}

export const lessonPath = (courseId: string, lessonId: string) => `/learn/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
export const coursePath = (courseId: string) => `/learn/${encodeURIComponent(courseId)}`;

/** "Completed 26 Nov 2026" (issue 31: the day the course's completion rule first held, in the viewer's zone). */
export function completedText(iso: string): string {
  return `Completed ${formatDayMonthYear(iso)}`;
}

/**
 * Query keys of the learner's side. What a person may see depends on who asks, so the reads that
 * hold personal data name the viewer: the session's token (known at once, before the account is
 * read back, so a lesson's reads start with the page; a new sign-in is a new token), or null
 * signed out. After progress is sent, `learningKeys.progressed()` covers what shows it (the
 * library and the syllabus).
 */
export const learningKeys = {
  all: ['learning'] as const,
  library: (viewer: string) => [...learningKeys.all, 'library', viewer] as const,
  syllabi: () => [...learningKeys.all, 'syllabus'] as const,
  syllabus: (courseId: string, viewer: string | null) => [...learningKeys.syllabi(), courseId, viewer] as const,
  lesson: (lessonId: string, viewer: string) => [...learningKeys.all, 'lesson', lessonId, viewer] as const,
  playback: (lessonId: string, viewer: string) => [...learningKeys.all, 'playback', lessonId, viewer] as const,
  transcript: (lessonId: string, viewer: string) => [...learningKeys.all, 'transcript', lessonId, viewer] as const,
  /** A live seminar's ticket (issue 30). */
  ticket: (courseId: string, viewer: string) => [...learningKeys.all, 'ticket', courseId, viewer] as const,
  /** The viewer's own attendance at a live course (issue 30). */
  attendance: (courseId: string, viewer: string) => [...learningKeys.all, 'attendance', courseId, viewer] as const,
  /** A live session's personal join link and its window (issue 30). */
  join: (courseId: string, viewer: string) => [...learningKeys.all, 'join', courseId, viewer] as const,
  /** The viewer's own booked seats and what the cancellation policy allows now (issue 35). */
  bookings: (viewer: string) => [...learningKeys.all, 'bookings', viewer] as const,
  /** What shows progress: invalidate after a report lands. */
  progressed: () => [[...learningKeys.all, 'library'] as const, learningKeys.syllabi()],
};

/**
 * Query keys of the learner's side. What a person may see depends on who asks, so the reads that
 * hold personal data name the user. After progress is sent, `learningKeys.progressed()` covers
 * what shows it (the library and the syllabus).
 */
export const learningKeys = {
  all: ['learning'] as const,
  library: (userId: string) => [...learningKeys.all, 'library', userId] as const,
  syllabi: () => [...learningKeys.all, 'syllabus'] as const,
  syllabus: (courseId: string, userId: string | null) => [...learningKeys.syllabi(), courseId, userId] as const,
  lesson: (lessonId: string, userId: string) => [...learningKeys.all, 'lesson', lessonId, userId] as const,
  playback: (lessonId: string, userId: string) => [...learningKeys.all, 'playback', lessonId, userId] as const,
  transcript: (lessonId: string, userId: string) => [...learningKeys.all, 'transcript', lessonId, userId] as const,
  /** What shows progress: invalidate after a report lands. */
  progressed: () => [[...learningKeys.all, 'library'] as const, learningKeys.syllabi()],
};

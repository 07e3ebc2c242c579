/**
 * Query keys of a learner's assessments (issue 31). Like the rest of the learner's side they name
 * the viewer (the session's token): what an exam holds for someone depends on who asks.
 */
export const assessmentKeys = {
  all: ['assessments'] as const,
  courses: () => [...assessmentKeys.all, 'course'] as const,
  /** `GET /api/me/courses/:id/assessments`: the course's review questions and final exam, with the viewer's attempts. */
  course: (courseId: string, viewer: string) => [...assessmentKeys.courses(), courseId, viewer] as const,
  /** `GET /api/attempts/:id`: one attempt (its questions, saved answers, and its result once submitted). */
  attempt: (attemptId: string, viewer: string) => [...assessmentKeys.all, 'attempt', attemptId, viewer] as const,
  /** A lesson's review questions: the viewer's open attempt of them (started or resumed as the lesson shows them). */
  review: (assessmentId: string, viewer: string) => [...assessmentKeys.all, 'review', assessmentId, viewer] as const,
  /** This device's paper of an exam, for taking it offline (issue 34). */
  offlinePaper: (assessmentId: string, viewer: string) => [...assessmentKeys.all, 'offline-paper', assessmentId, viewer] as const,
  /** The course's final exam kept on this device to take or send (the content page offline). */
  coursePaper: (courseId: string, viewer: string) => [...assessmentKeys.all, 'course-paper', courseId, viewer] as const,
};

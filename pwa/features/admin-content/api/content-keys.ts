/** The query keys of a course's content in the back office, the one place they are spelled. */
export const contentKeys = {
  all: ['course-content'] as const,
  /** The staff syllabus of one course, as an outline (`lib/content-outline.ts`). */
  outline: (courseId: string) => [...contentKeys.all, courseId] as const,
};

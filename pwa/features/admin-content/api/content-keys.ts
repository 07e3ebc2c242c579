/** The query keys of a course's content in the back office, the one place they are spelled, and its outbox entity. */
export const contentKeys = {
  all: ['course-content'] as const,
  /** The staff syllabus of one course, as an outline (`lib/content-outline.ts`). */
  outline: (courseId: string) => [...contentKeys.all, courseId] as const,
  /** The course's content writes waiting in the outbox. */
  waiting: (courseId: string) => [...contentKeys.outline(courseId), 'waiting'] as const,
};

/**
 * The outbox's name for what a content write changes: the course itself (the name its edits and
 * tiers go by), so a course's writes go one after the other — content added to a course created
 * offline waits for the course.
 */
export const contentEntity = (courseId: string) => `course:${courseId}`;

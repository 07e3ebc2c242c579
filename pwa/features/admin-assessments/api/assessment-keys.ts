/** The query keys of a course's Assessments tab in the back office, the one place they are spelled, and the outbox entities of its writes. */
export const assessmentKeys = {
  all: ['course-assessments'] as const,
  /** Everything of one course's Assessments tab (what a write refreshes). */
  course: (courseId: string) => [...assessmentKeys.all, courseId] as const,
  questions: (courseId: string) => [...assessmentKeys.course(courseId), 'questions'] as const,
  assessments: (courseId: string) => [...assessmentKeys.course(courseId), 'assessments'] as const,
  lessons: (courseId: string) => [...assessmentKeys.course(courseId), 'lessons'] as const,
  completionRule: (courseId: string) => [...assessmentKeys.course(courseId), 'completion-rule'] as const,
  results: (courseId: string) => [...assessmentKeys.course(courseId), 'results'] as const,
};

/**
 * The course's bank and assessments: their writes go one after the other (a question tied to an
 * assessment waits for the assessment's write before it).
 */
export const assessmentsEntity = (courseId: string) => `assessments:${courseId}`;
/** The course's completion rule. */
export const completionRuleEntity = (courseId: string) => `completion-rule:${courseId}`;

export const coursePath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

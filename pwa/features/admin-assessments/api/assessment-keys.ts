/** The query keys of a course's Assessments tab in the back office, the one place they are spelled, and the outbox entities of its writes. */
export const assessmentKeys = {
  all: ['course-assessments'] as const,
  /**
   * What a write to the course's bank or assessments can change (what it refreshes): the bank, the
   * assessments (their pools), the completion rule (a default names the final exam when there is
   * one) and the results. The lessons are not among them: nothing in this tab changes them.
   */
  course: (courseId: string) => [...assessmentKeys.all, courseId] as const,
  questions: (courseId: string) => [...assessmentKeys.course(courseId), 'questions'] as const,
  assessments: (courseId: string) => [...assessmentKeys.course(courseId), 'assessments'] as const,
  lessons: (courseId: string) => [...assessmentKeys.all, 'lessons', courseId] as const,
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

/** The exam's page (contracts/app-routes `learnAssessment`). */
export const assessmentPath = (courseId: string, assessmentId: string) =>
  `/learn/${encodeURIComponent(courseId)}/assessments/${encodeURIComponent(assessmentId)}`;
export const courseContentPath = (courseId: string) => `/learn/${encodeURIComponent(courseId)}`;

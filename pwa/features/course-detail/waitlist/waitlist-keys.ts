/** The query keys of the signed-in person's waitlist places, the one place they are spelled (per person: another sign-in never sees them). */
export const waitlistKeys = {
  all: ['waitlist-place'] as const,
  place: (courseId: string, userId: string) => [...waitlistKeys.all, courseId, userId] as const,
};

export const waitlistPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/waitlist`;

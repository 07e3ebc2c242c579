/** The query keys of the back office's waitlists, the one place they are spelled. */
export const staffWaitlistKeys = {
  all: ['staff-waitlist'] as const,
  course: (courseId: string) => [...staffWaitlistKeys.all, courseId] as const,
};

export const staffWaitlistPath = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}/waitlist`;

/** The query keys of the check-in scanner, the one place they are spelled. */
export const checkInKeys = {
  all: ['check-in'] as const,
  list: (courseId: string) => [...checkInKeys.all, 'list', courseId] as const,
};

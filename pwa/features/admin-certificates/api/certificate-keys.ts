/** The query keys of the back office's certificates, the one place they are spelled, and the outbox entities of their writes. */
export const certificateKeys = {
  all: ['admin-certificates'] as const,
  /** Every list of certificates (what a revoke or a reissue refreshes). */
  lists: () => [...certificateKeys.all, 'list'] as const,
  list: (search: string) => [...certificateKeys.lists(), search] as const,
  /** A course's certificate settings (its Certificate tab). */
  settings: (courseId: string) => [...certificateKeys.all, 'settings', courseId] as const,
};

/** One certificate: its revocation and reissue go one after the other. */
export const certificateEntity = (id: string) => `certificate:${id}`;
/** A course's certificate settings. */
export const certificateSettingsEntity = (courseId: string) => `certificate-settings:${courseId}`;

export const certificatePath = (id: string) => `/api/admin/certificates/${encodeURIComponent(id)}`;
export const certificateSettingsPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/certificate-settings`;

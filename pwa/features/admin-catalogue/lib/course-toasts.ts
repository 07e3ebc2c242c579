/** The back-office spec's toasts (§8), by the kind of course a screen manages (shown through `@pwa/lib/toasts`). */
export type ManagedKind = 'webinar' | 'seminar' | 'recordedCourse' | 'recordedSeminar' | 'pack';

interface KindToasts {
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
  duplicated: string;
  duplicateFailed: string;
}

export const COURSE_TOASTS: Record<ManagedKind, KindToasts> = {
  webinar: {
    created: 'Live webinar created successfully',
    createFailed: 'Failed to create webinar',
    updated: 'Webinar updated successfully',
    updateFailed: 'Failed to update webinar',
    deleted: 'Webinar deleted successfully',
    deleteFailed: 'Failed to delete webinar',
    duplicated: 'Webinar duplicated successfully',
    duplicateFailed: 'Failed to duplicate webinar',
  },
  seminar: {
    created: 'Live seminar created successfully',
    createFailed: 'Failed to create seminar',
    // Not in the spec (its seminar edit was "coming soon"): worded like the others.
    updated: 'Seminar updated successfully',
    updateFailed: 'Failed to update seminar',
    deleted: 'Seminar deleted successfully',
    deleteFailed: 'Failed to delete seminar',
    duplicated: 'Seminar duplicated successfully',
    duplicateFailed: 'Failed to duplicate seminar',
  },
  recordedCourse: {
    created: 'Recorded course created successfully',
    createFailed: 'Failed to create recorded course',
    updated: 'Recorded course updated successfully',
    updateFailed: 'Failed to update recorded course',
    deleted: 'Recorded course deleted successfully',
    deleteFailed: 'Failed to delete recorded course',
    duplicated: 'Recorded course duplicated successfully',
    duplicateFailed: 'Failed to duplicate recorded course',
  },
  recordedSeminar: {
    created: 'Live seminar created successfully',
    createFailed: 'Failed to create seminar',
    updated: 'Seminar updated successfully',
    updateFailed: 'Failed to update seminar',
    deleted: 'Recorded seminar deleted successfully',
    deleteFailed: 'Failed to delete seminar',
    duplicated: 'Seminar duplicated successfully',
    duplicateFailed: 'Failed to duplicate seminar',
  },
  pack: {
    created: 'Webinar pack created successfully',
    createFailed: 'Failed to create webinar pack',
    updated: 'Webinar pack updated successfully',
    updateFailed: 'Failed to update webinar pack',
    deleted: 'Webinar pack deleted successfully',
    deleteFailed: 'Failed to delete webinar pack',
    duplicated: 'Webinar pack duplicated successfully',
    duplicateFailed: 'Failed to duplicate webinar pack',
  },
};

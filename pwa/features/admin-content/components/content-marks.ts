/** The Content tab's shared words and drag types. */

/** A change made on this device that waits in the outbox. */
export const NOT_SYNCED = 'Not synced yet';

/** What a dragged row carries: a lesson's id, or a module's. */
export const LESSON_DRAG = 'application/x-course-lesson';
export const MODULE_DRAG = 'application/x-course-module';

/**
 * The demo catalogue: instructors, courses and pricing tiers written for this product (see
 * `types.ts` for how the data reads). One file per course type, in storefront order.
 */
import { LIVE_SEMINARS_1 } from './live-seminars-1';
import { LIVE_SEMINARS_2 } from './live-seminars-2';
import { LIVE_WEBINARS_1 } from './live-webinars-1';
import { LIVE_WEBINARS_2 } from './live-webinars-2';
import { RECORDED_WEBINARS } from './recorded-webinars';
import { RECORDED_SEMINARS } from './recorded-seminars';
import { WEBINAR_PACKS } from './webinar-packs';
import { WEBINARS } from './webinars';
import type { DemoCourse } from './types';

export * from './types';
export { DEMO_GUEST_AVATARS, DEMO_INSTRUCTORS, INSTRUCTOR_IDS } from './instructors';

export const DEMO_COURSES: DemoCourse[] = [
  ...LIVE_SEMINARS_1,
  ...LIVE_SEMINARS_2,
  ...LIVE_WEBINARS_1,
  ...LIVE_WEBINARS_2,
  ...RECORDED_WEBINARS,
  ...RECORDED_SEMINARS,
  ...WEBINAR_PACKS,
  ...WEBINARS,
];

/**
 * The PWA's routes (storefront spec §1 route table), in one place: the React router declares its
 * routes from this list, and the server answers a deep link outside it with HTTP 404 (the app
 * shell still renders its "404 Page Not Found" page), so unknown pages are not soft 404s.
 */
export const APP_ROUTES = {
  home: '/',
  courses: '/courses',
  courseDetail: '/courses/:id',
  liveSeminars: '/live-seminars',
  webinars: '/webinars',
  recordedCourses: '/recorded-courses',
  recordedSeminars: '/recorded-seminars',
  webinarPacks: '/webinar-packs',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  contact: '/contact',
  checkout: '/checkout',
  success: '/success',
  membership: '/membership',
  paymentAuthentication: '/payment-authentication',
  login: '/login',
  adminLogin: '/admin/login',
  register: '/register',
  profile: '/profile',
  contributor: '/contributor',
  learn: '/learn',
  downloads: '/downloads',
  team: '/team',
  learnCourse: '/learn/:courseId',
  learnLesson: '/learn/:courseId/lessons/:lessonId',
  learnAssessment: '/learn/:courseId/assessments/:assessmentId',
  admin: '/admin/*',
} as const;

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.at(-1) === '*') return segments.length >= parts.length - 1 && parts.slice(0, -1).every((part, i) => part === segments[i]);
  return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i]!.length > 0 : part === segments[i]));
}

/** Whether the app has a page at this path (a trailing slash is ignored). */
export function isAppPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return Object.values(APP_ROUTES).some((pattern) => matches(pattern, segments));
}

/**
 * Every storefront route, from the one list the server also knows (contracts/app-routes.ts). Pages are split into their own chunks so the first load carries only
 * the shell and the page being opened (and never admin, editor or payment code). The shell gets the
 * features it shows on every page (the cart panel, the test-mode notice) from here.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { SiteLayout } from '../components/layout/site-layout';
import { PageLoading } from '../components/page-loading';
import { LazyCartPanel } from '../features/cart/lazy-cart-panel';
import { TestModeNotice } from '../features/checkout/components/test-mode-notice';
import { APP_ROUTES } from '@contracts/app-routes';
import { preloadable, useLoaded } from '../lib/preloadable';
import { prefetchCoursesFirstPage } from '../catalogue/api/courses';
// The landing page is part of the shell's chunk: its hero is the largest paint, and waiting for a
// separate chunk after the shell delayed it by a round trip and a render (LCP at 4× CPU).
import HomePage from './routes/home-page';

/** What a page can start as the app starts: its code, and the first read it will make for this address. */
type EarlyLoad = (queryClient: QueryClient, params: URLSearchParams) => void;

const pageLoads: Array<[path: string, load: () => Promise<unknown>, prefetch?: EarlyLoad]> = [];

/**
 * A page in its own chunk; its code can also be asked for before the router renders
 * (`preloadPage`). A page whose code is already there renders at once; otherwise the page area
 * shows "Loading…" and the page renders as soon as its code arrives. Not through React.lazy and
 * Suspense: the reveal of a resolved page waited behind the boundary's retry (measured on a cold
 * /courses at 4× CPU: the cards 0.6–2.5 s after the page's code and first read were both there).
 */
function page(path: string | null, load: () => Promise<{ default: ComponentType }>, prefetch?: EarlyLoad): ComponentType {
  const part = preloadable(() => load().then((module) => module.default));
  if (path) pageLoads.push([path, part.preload, prefetch]);
  return function Page() {
    // A page whose code cannot be loaded fails like any page part: the page slot's error boundary
    // (SiteLayout) says so, and its "Try again" mounts the page afresh, which asks for the code again.
    const Loaded = useLoaded(part, { throwOnError: true });
    return Loaded ? <Loaded /> : <PageLoading />;
  };
}

/**
 * Starts downloading the code of the page at this address as the app's script starts (main.tsx),
 * and its first read where the page names one, instead of after the shell's first render: a deep
 * link's first content shows a round trip sooner.
 */
export function preloadPage(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<unknown> | undefined {
  const found = pageLoads.find(([path]) => matchPath(path, location.pathname));
  if (!found) return undefined;
  const [, load, prefetch] = found;
  const code = load();
  prefetch?.(queryClient, new URLSearchParams(location.search));
  return code;
}

const CoursesPage = page(APP_ROUTES.courses, () => import('./routes/courses-page'), prefetchCoursesFirstPage);
const CourseDetailPage = page(APP_ROUTES.courseDetail, () => import('./routes/course-detail-page'));
const LiveSeminarsPage = page(APP_ROUTES.liveSeminars, () => import('./routes/live-seminars-page'));
const WebinarsPage = page(APP_ROUTES.webinars, () => import('./routes/webinars-page'));
const RecordedCoursesPage = page(APP_ROUTES.recordedCourses, () => import('./routes/recorded-courses-page'));
const RecordedSeminarsPage = page(APP_ROUTES.recordedSeminars, () => import('./routes/recorded-seminars-page'));
const WebinarPacksPage = page(APP_ROUTES.webinarPacks, () => import('./routes/webinar-packs-page'));
const AboutPage = page(APP_ROUTES.about, () => import('./routes/about-page'));
const PrivacyPolicyPage = page(APP_ROUTES.privacyPolicy, () => import('./routes/privacy-policy-page'));
const ContactPage = page(APP_ROUTES.contact, () => import('./routes/contact-page'));
const NotFoundPage = page(null, () => import('./routes/not-found-page'));
const LoginPage = page(APP_ROUTES.login, () => import('./routes/login-page'));
const AdminLoginPage = page(APP_ROUTES.adminLogin, () => import('./routes/admin-login-page'));
const RegisterPage = page(APP_ROUTES.register, () => import('./routes/register-page'));
const ProfilePage = page(APP_ROUTES.profile, () => import('./routes/profile-page'));
const ContributorPage = page(APP_ROUTES.contributor, () => import('./routes/contributor-page'));
const AdminAreaPage = page(APP_ROUTES.admin, () => import('./routes/admin-area-page'));
const CheckoutPage = page(APP_ROUTES.checkout, () => import('./routes/checkout-page'));
const SuccessPage = page(APP_ROUTES.success, () => import('./routes/success-page'));
const MembershipPage = page(APP_ROUTES.membership, () => import('./routes/membership-page'));
const PaymentAuthenticationPage = page(APP_ROUTES.paymentAuthentication, () => import('./routes/payment-authentication-page'));
const LearnPage = page(APP_ROUTES.learn, () => import('./routes/learn-page'));
const DownloadsPage = page(APP_ROUTES.downloads, () => import('./routes/downloads-page'));
const LearnCoursePage = page(APP_ROUTES.learnCourse, () => import('./routes/learn-course-page'));
const LearnLessonPage = page(APP_ROUTES.learnLesson, () => import('./routes/learn-lesson-page'));
const TeamPage = page(APP_ROUTES.team, () => import('./routes/team-page'));
const LearnAssessmentPage = page(APP_ROUTES.learnAssessment, () => import('./routes/learn-assessment-page'));

export function AppRoutes() {
  // The outer boundary is the last resort, should the shell itself fail: never a blank screen.
  return (
    <ErrorBoundary title="Something went wrong" headingLevel="h1">
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<SiteLayout cartPanel={<LazyCartPanel />} footerNotice={<TestModeNotice />} />}>
            <Route path={APP_ROUTES.home} element={<HomePage />} />
            <Route path={APP_ROUTES.courses} element={<CoursesPage />} />
            <Route path={APP_ROUTES.courseDetail} element={<CourseDetailPage />} />
            <Route path={APP_ROUTES.liveSeminars} element={<LiveSeminarsPage />} />
            <Route path={APP_ROUTES.webinars} element={<WebinarsPage />} />
            <Route path={APP_ROUTES.recordedCourses} element={<RecordedCoursesPage />} />
            <Route path={APP_ROUTES.recordedSeminars} element={<RecordedSeminarsPage />} />
            <Route path={APP_ROUTES.webinarPacks} element={<WebinarPacksPage />} />
            <Route path={APP_ROUTES.about} element={<AboutPage />} />
            <Route path={APP_ROUTES.privacyPolicy} element={<PrivacyPolicyPage />} />
            <Route path={APP_ROUTES.contact} element={<ContactPage />} />
            <Route path={APP_ROUTES.checkout} element={<CheckoutPage />} />
            <Route path={APP_ROUTES.success} element={<SuccessPage />} />
            <Route path={APP_ROUTES.membership} element={<MembershipPage />} />
            <Route path={APP_ROUTES.paymentAuthentication} element={<PaymentAuthenticationPage />} />
            <Route path={APP_ROUTES.login} element={<LoginPage />} />
            <Route path={APP_ROUTES.adminLogin} element={<AdminLoginPage />} />
            <Route path={APP_ROUTES.register} element={<RegisterPage />} />
            <Route path={APP_ROUTES.profile} element={<ProfilePage />} />
            <Route path={APP_ROUTES.contributor} element={<ContributorPage />} />
            <Route path={APP_ROUTES.learn} element={<LearnPage />} />
            <Route path={APP_ROUTES.downloads} element={<DownloadsPage />} />
            <Route path={APP_ROUTES.learnCourse} element={<LearnCoursePage />} />
            <Route path={APP_ROUTES.learnLesson} element={<LearnLessonPage />} />
            <Route path={APP_ROUTES.learnAssessment} element={<LearnAssessmentPage />} />
            <Route path={APP_ROUTES.team} element={<TeamPage />} />
            <Route path={APP_ROUTES.admin} element={<AdminAreaPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

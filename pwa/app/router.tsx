/**
 * Every storefront route, from the one list the server also knows (api/contracts/app-routes.ts). Pages are split into their own chunks so the first load carries only
 * the shell and the page being opened (and never admin, editor or payment code). The shell gets the
 * features it shows on every page (the cart panel, the test-mode notice) from here.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { PageLoading } from '../components/page-loading';
import { LazyCartPanel } from '../features/cart/lazy-cart-panel';
import { TestModeNotice } from '../features/checkout/components/test-mode-notice';
import { APP_ROUTES } from '../../api/contracts/app-routes';
// The landing page is part of the shell's chunk: its hero is the largest paint, and waiting for a
// separate chunk after the shell delayed it by a round trip and a render (LCP at 4× CPU).
import HomePage from './routes/home-page';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const CoursesPage = page(() => import('./routes/courses-page'));
const CourseDetailPage = page(() => import('./routes/course-detail-page'));
const LiveSeminarsPage = page(() => import('./routes/live-seminars-page'));
const WebinarsPage = page(() => import('./routes/webinars-page'));
const RecordedCoursesPage = page(() => import('./routes/recorded-courses-page'));
const RecordedSeminarsPage = page(() => import('./routes/recorded-seminars-page'));
const WebinarPacksPage = page(() => import('./routes/webinar-packs-page'));
const AboutPage = page(() => import('./routes/about-page'));
const PrivacyPolicyPage = page(() => import('./routes/privacy-policy-page'));
const ContactPage = page(() => import('./routes/contact-page'));
const NotFoundPage = page(() => import('./routes/not-found-page'));
const LoginPage = page(() => import('./routes/login-page'));
const AdminLoginPage = page(() => import('./routes/admin-login-page'));
const RegisterPage = page(() => import('./routes/register-page'));
const ProfilePage = page(() => import('./routes/profile-page'));
const ContributorPage = page(() => import('./routes/contributor-page'));
const AdminAreaPage = page(() => import('./routes/admin-area-page'));
const CheckoutPage = page(() => import('./routes/checkout-page'));
const SuccessPage = page(() => import('./routes/success-page'));
const MembershipPage = page(() => import('./routes/membership-page'));
const PaymentAuthenticationPage = page(() => import('./routes/payment-authentication-page'));

export function AppRoutes() {
  return (
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
          <Route path={APP_ROUTES.admin} element={<AdminAreaPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

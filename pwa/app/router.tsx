/**
 * Every storefront route. Pages are split into their own chunks so the first load carries only
 * the shell and the page being opened (and never admin, editor or payment code).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../features/layout/site-layout';
import { PageLoading } from '../components/page-loading';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const HomePage = page(() => import('./routes/home-page'));
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
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="courses" element={<CoursesPage />} />
          <Route path="courses/:id" element={<CourseDetailPage />} />
          <Route path="live-seminars" element={<LiveSeminarsPage />} />
          <Route path="webinars" element={<WebinarsPage />} />
          <Route path="recorded-courses" element={<RecordedCoursesPage />} />
          <Route path="recorded-seminars" element={<RecordedSeminarsPage />} />
          <Route path="webinar-packs" element={<WebinarPacksPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="success" element={<SuccessPage />} />
          <Route path="membership" element={<MembershipPage />} />
          <Route path="payment-authentication" element={<PaymentAuthenticationPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="admin/login" element={<AdminLoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="contributor" element={<ContributorPage />} />
          <Route path="admin/*" element={<AdminAreaPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/**
 * The back office (back-office spec §2), one lazy chunk outside the storefront's first load: every
 * /admin route behind its guard (the rule of each screen comes from `BACK_OFFICE_SCREENS`; the
 * server enforces the same on every call), the layout with its sidebar, and the full-screen webinar
 * editor outside it. Each screen is a chunk of its own, behind an error boundary (the layout's, or
 * the editor's own) whose "Try again" asks for a chunk that failed again.
 */
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { backOfficeRule } from '@contracts/access';
import { RequireRole } from '../../features/auth/route-guard';
import { AdminLayout } from './admin/admin-layout';
import { useOutboxReplay } from '@pwa/components/admin/outbox-replay';
import { ErrorBoundary } from '@pwa/components/error-boundary';
import { PageLoading } from '@pwa/components/page-loading';
import { retryableLazy } from '@pwa/lib/retryable-lazy';

const DashboardPage = retryableLazy(() => import('./admin/dashboard-page'));
const LiveSeminarsPage = retryableLazy(() => import('./admin/live-seminars-page'));
const SeminarFormPage = retryableLazy(() => import('./admin/seminar-form-page'));
const WebinarsPage = retryableLazy(() => import('./admin/webinars-page'));
const WebinarEditorPage = retryableLazy(() => import('./admin/webinar-editor-page'));
const RecordedCoursesPage = retryableLazy(() => import('./admin/recorded-courses-page'));
const RecordedSeminarsPage = retryableLazy(() => import('./admin/recorded-seminars-page'));
const WebinarPacksPage = retryableLazy(() => import('./admin/webinar-packs-page'));
const InstructorsPage = retryableLazy(() => import('./admin/instructors-page'));
const OrdersPage = retryableLazy(() => import('./admin/orders-page'));
const CustomersPage = retryableLazy(() => import('./admin/customers-page'));
const ContributorsPage = retryableLazy(() => import('./admin/contributors-page'));
const MessagesPage = retryableLazy(() => import('./admin/messages-page'));
const ActivityPage = retryableLazy(() => import('./admin/activity-page'));
const NotFoundPage = retryableLazy(() => import('./not-found-page'));

/** A screen outside the layout (the webinar editor): its own boundary, cleared by opening another address. */
function FullScreen({ page }: { page: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary title="This screen could not be loaded" headingLevel="h1" resetKeys={[pathname]}>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </ErrorBoundary>
  );
}

export default function AdminAreaPage() {
  const { pathname } = useLocation();
  // Whatever the outbox holds is sent at start, when the connection returns, when a change is due after a failure, and every 15 s.
  useOutboxReplay();
  return (
    <RequireRole guard={backOfficeRule(pathname)}>
      <Routes>
        <Route path="webinars/create" element={<FullScreen page={<WebinarEditorPage />} />} />
        <Route path="webinars/edit/:id" element={<FullScreen page={<WebinarEditorPage />} />} />
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="live-seminars" element={<LiveSeminarsPage />} />
          <Route path="live-seminars/create" element={<SeminarFormPage />} />
          <Route path="seminars/edit/:id" element={<SeminarFormPage />} />
          <Route path="webinars" element={<WebinarsPage />} />
          <Route path="recorded-courses" element={<RecordedCoursesPage />} />
          <Route path="recorded-seminars" element={<RecordedSeminarsPage />} />
          <Route path="webinar-packs" element={<WebinarPacksPage />} />
          <Route path="instructors" element={<InstructorsPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="contributors" element={<ContributorsPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireRole>
  );
}

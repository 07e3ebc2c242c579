/**
 * The back office (back-office spec §2), one lazy chunk outside the storefront's first load: every
 * /admin route behind its guard (the rule of each screen comes from `BACK_OFFICE_SCREENS`; the
 * server enforces the same on every call), the layout with its sidebar, and the full-screen webinar
 * editor outside it. Each screen is a chunk of its own.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { backOfficeRule } from '@contracts/access';
import { RequireRole } from '../../features/auth/route-guard';
import { AdminLayout } from './admin/admin-layout';
import { useOutboxReplay } from '@pwa/components/admin/outbox-replay';

const DashboardPage = lazy(() => import('./admin/dashboard-page'));
const LiveSeminarsPage = lazy(() => import('./admin/live-seminars-page'));
const SeminarFormPage = lazy(() => import('./admin/seminar-form-page'));
const WebinarsPage = lazy(() => import('./admin/webinars-page'));
const WebinarEditorPage = lazy(() => import('./admin/webinar-editor-page'));
const RecordedCoursesPage = lazy(() => import('./admin/recorded-courses-page'));
const RecordedSeminarsPage = lazy(() => import('./admin/recorded-seminars-page'));
const WebinarPacksPage = lazy(() => import('./admin/webinar-packs-page'));
const InstructorsPage = lazy(() => import('./admin/instructors-page'));
const OrdersPage = lazy(() => import('./admin/orders-page'));
const CustomersPage = lazy(() => import('./admin/customers-page'));
const ContributorsPage = lazy(() => import('./admin/contributors-page'));
const MessagesPage = lazy(() => import('./admin/messages-page'));
const ActivityPage = lazy(() => import('./admin/activity-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

export default function AdminAreaPage() {
  const { pathname } = useLocation();
  // Whatever the outbox holds is sent at start, when the connection returns, when a change is due after a failure, and every 15 s.
  useOutboxReplay();
  return (
    <RequireRole guard={backOfficeRule(pathname)}>
      <Routes>
        <Route path="webinars/create" element={<WebinarEditorPage />} />
        <Route path="webinars/edit/:id" element={<WebinarEditorPage />} />
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

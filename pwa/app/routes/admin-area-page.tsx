/**
 * The back office (back-office spec §2), one lazy chunk outside the storefront's first load: every
 * /admin route, made from the one table of screens (admin/admin-screens.ts: each path of
 * `BACK_OFFICE_SCREENS` with its page), behind its guard (the rule of the path's screen; the
 * server enforces the same on every call), the layout with its sidebar, and the full-screen
 * screens (the webinar editor) outside it. Each screen is a chunk of its own, behind an error
 * boundary (the layout's, or the full screen's own) whose "Try again" asks for a chunk that failed
 * again.
 */
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LANDING_PATHS } from '@contracts/access';
import { backOfficeRule } from '@contracts/back-office-screens';
import { RequireRole } from '../../features/auth/route-guard';
import { AdminLayout } from './admin/admin-layout';
import { ADMIN_SCREENS } from './admin/admin-screens';
import { useOutboxReplay } from '@pwa/components/admin/outbox-replay';
import { ErrorBoundary } from '@pwa/components/error-boundary';
import { PageLoading } from '@pwa/components/page-loading';
import { retryableLazy } from '@pwa/lib/retryable-lazy';

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

/** Every screen and its forms, as routes below /admin/. */
const routes = ADMIN_SCREENS.flatMap((screen) => [screen, ...screen.forms]);
const below = (path: string) => path.replace(/^\/admin\//, '');

export default function AdminAreaPage() {
  const { pathname } = useLocation();
  // Whatever the outbox holds is sent at start, when the connection returns, when a change is due after a failure, and every 15 s.
  useOutboxReplay();
  return (
    <RequireRole guard={backOfficeRule(pathname)}>
      <Routes>
        {routes
          .filter((route) => route.fullScreen)
          .map(({ path, Page }) => (
            <Route key={path} path={below(path)} element={<FullScreen page={<Page />} />} />
          ))}
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to={LANDING_PATHS.admin} replace />} />
          {routes
            .filter((route) => !route.fullScreen)
            .map(({ path, Page }) => (
              <Route key={path} path={below(path)} element={<Page />} />
            ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireRole>
  );
}

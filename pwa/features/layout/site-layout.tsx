import { Outlet } from 'react-router-dom';
import { OfflineNotice } from '../../offline/offline-notice';

export function SiteLayout() {
  return (
    <>
      <OfflineNotice />
      <Outlet />
    </>
  );
}

/** /admin/coupons, admins only (issue 35, point 1): coupon codes made, paused and resumed; each one's uses at a glance. */
import { AdminPage } from '@pwa/components/admin/admin-page';
import { CouponsScreen } from '@pwa/features/admin-coupons/components/coupons-screen';

export default function CouponsPage() {
  return (
    <AdminPage title="Coupons" description="Codes buyers type at checkout: what each takes off, its limits and uses. Pause one to stop new checkouts using it.">
      <CouponsScreen />
    </AdminPage>
  );
}

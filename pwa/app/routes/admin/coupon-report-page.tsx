/** /admin/coupons/:id, admins only (issue 35, point 1): a coupon's usage report, a form of the coupons' screen. */
import { useParams } from 'react-router-dom';
import { CouponReport } from '@pwa/features/admin-coupons/components/coupon-report';

export default function CouponReportPage() {
  const { id = '' } = useParams();
  return <CouponReport key={id} id={id} />;
}

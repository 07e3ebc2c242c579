/** /admin/certificates, admins only (issue 32, point 8): every certificate issued, found by number, holder or course; revoked or reissued. */
import { AdminPage } from '@pwa/components/admin/admin-page';
import { CertificatesScreen } from '@pwa/features/admin-certificates/components/certificates-screen';

export default function CertificatesPage() {
  return (
    <AdminPage title="Certificates" description="Every certificate issued: find one by its number, holder or course, revoke it or reissue it.">
      <CertificatesScreen />
    </AdminPage>
  );
}

/**
 * The back-office routes (back-office spec §2 access summary) behind their guards. The back-office
 * screens themselves are not built yet: behind the guard this says so plainly and links to what
 * the signed-in person can use.
 */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { RequireRole, type Guard } from '../../features/auth/route-guard';
import { ButtonLink } from '../../components/layout/router-links';

/** Admin-only sections; every other /admin page is open to contributors too. */
const ADMIN_ONLY = ['/admin', '/admin/dashboard', '/admin/orders', '/admin/contributors', '/admin/customers', '/admin/instructors'];

export function guardForAdminPath(pathname: string): Guard {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_ONLY.includes(path) ? 'admin' : 'staff';
}

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `clamp(2rem, 6vw, 4rem) ${tokens.spacingHorizontalL}` },
  card: { maxWidth: '34rem', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
});

export default function AdminAreaPage() {
  const styles = useStyles();
  const { pathname } = useLocation();
  return (
    <RequireRole guard={guardForAdminPath(pathname)}>
      <div className={styles.page}>
        <Card className={styles.card}>
          <h1 className={styles.title}>Back office</h1>
          <Text>This back-office screen is not available in this version yet. Catalogue changes are made with the demo seed for now.</Text>
          <ButtonLink to="/" appearance="primary">Go to the storefront</ButtonLink>
        </Card>
      </div>
    </RequireRole>
  );
}

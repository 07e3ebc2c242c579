/** Customers and contributors come with the rest of back office part 2 (issue 12): said plainly until then. */
import { Card, Text } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { BACK_OFFICE_SCREENS } from '@contracts/access';
import { AdminPage } from '@pwa/components/admin/admin-page';

export default function NotYetPage() {
  const { pathname } = useLocation();
  const screen = BACK_OFFICE_SCREENS.find((s) => pathname.startsWith(s.path));
  return (
    <AdminPage title={screen?.label ?? 'Back office'}>
      <Card>
        <Text>This screen is not available in this version yet.</Text>
      </Card>
    </AdminPage>
  );
}

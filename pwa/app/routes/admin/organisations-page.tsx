/** /admin/organisations, admins only (issue 33, point 6): companies, their seats and members; made for a customer, seats and people moved with a reason. */
import { AdminPage } from '@pwa/components/admin/admin-page';
import { OrganisationsScreen } from '@pwa/features/admin-orgs/components/organisations-screen';

export default function OrganisationsPage() {
  return (
    <AdminPage
      title="Organisations"
      description="Companies that train their staff here: their managers, members and seats. Every move is kept with its reason."
    >
      <OrganisationsScreen />
    </AdminPage>
  );
}

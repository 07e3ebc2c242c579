/** /admin/cancellation-policies, admins only (issue 35, point 3): what a cancellation refunds and until when a seat may be transferred, per course type. */
import { AdminPage } from '@pwa/components/admin/admin-page';
import { PoliciesScreen } from '@pwa/features/admin-policies/components/policies-screen';

export default function CancellationPoliciesPage() {
  return (
    <AdminPage
      title="Cancellation Policies"
      description="What a customer's cancellation refunds, by how long before the start it comes, and until when a seat may be transferred to a colleague. Each course type has its own; a change applies at once, to bookings already made too."
    >
      <PoliciesScreen />
    </AdminPage>
  );
}

/** How people read in the back office: role and membership labels (back-office spec §2, §3, §6). */
import type { Role } from '@contracts/access';
import type { AdminUser } from '@contracts/admin-people';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  contributor: 'Course Contributor',
  customer: 'Customer',
  user: 'User (View Only)',
};

const MEMBERSHIP_LABELS = { prime: 'Prime', business: 'Business' } as const;

/** Prime, Business, or None. */
export const membershipLabel = (membership: AdminUser['membershipType']) => (membership ? MEMBERSHIP_LABELS[membership] : 'None');

/** The membership choices of the customer form; "none" is sent as null (spec §5). */
export const MEMBERSHIP_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'prime', label: MEMBERSHIP_LABELS.prime },
  { value: 'business', label: MEMBERSHIP_LABELS.business },
] as const;

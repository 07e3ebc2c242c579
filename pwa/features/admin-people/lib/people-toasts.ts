/** The back-office spec's toasts for people (§8): customers without a full stop, contributors with one, as the spec words them. */
export const CUSTOMER_TOASTS = {
  created: 'Customer created successfully',
  createFailed: 'Failed to create customer',
  updated: 'Customer updated successfully',
  updateFailed: 'Failed to update customer',
  deleted: 'Customer deleted successfully',
  deleteFailed: 'Failed to delete customer',
} as const;

export const CONTRIBUTOR_TOASTS = {
  created: 'Contributor account created successfully. Welcome email sent!',
  /** Not in the spec: the account exists, but its welcome e-mail did not leave. */
  createdWithoutEmail: 'Contributor account created, but the welcome email could not be sent. Ask them to sign in at /admin/login with this e-mail address.',
  createFailed: 'Failed to create contributor account.',
  updated: 'Contributor updated successfully.',
  updateFailed: 'Failed to update contributor.',
  deleted: 'Contributor deleted successfully.',
  deleteFailed: 'Failed to delete contributor.',
} as const;

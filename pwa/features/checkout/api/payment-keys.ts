/** The query keys of payment reads, the one place they are spelled: the processor configuration and test-payment statuses. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  testStatuses: () => [...paymentKeys.all, 'test-status'] as const,
  testStatus: (clientSecret: string) => [...paymentKeys.testStatuses(), clientSecret] as const,
};

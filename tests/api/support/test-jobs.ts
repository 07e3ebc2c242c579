/** Kinds of queued jobs and periodic jobs for the job runner's tests (the product has its own declared by the domains, api/domains/). */
import { z } from 'zod';
import { queuedJob } from '@api/jobs/definitions';

/** Work that takes a while (a stand-in for a transcoding). */
export const SLOW_WORK = queuedJob('test.slow-work', z.object({ label: z.string() }));

/** The periodic job a killed runner was running. */
export const HANGING_PERIODIC = 'test.hanging-periodic';

/** Resolves once `check` is true (the condition is awaited, never a duration asserted). */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

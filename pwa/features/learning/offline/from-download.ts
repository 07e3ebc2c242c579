/**
 * The learning reads' fallback (issue 34): when the server cannot be reached, a course downloaded
 * on this device answers instead (its licence checked: a refused one is thrown as such). The
 * downloads' code is loaded only then.
 */
import { getAuthToken, cachedUser } from '@pwa/session/auth-token';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { isLicenceRefused } from '@pwa/offline/learning/licence-refused';

const reads = () => import('@pwa/offline/learning/offline-reads');

/** The signed-in person as this device remembers them (offline too). */
export const deviceUserId = (): string | undefined => {
  const token = getAuthToken();
  return token ? cachedUser(token)?.id : undefined;
};

/** A refusal — the server's 4xx, or a download's licence — is an answer, not a failure to retry. */
export const retryUnlessRefused = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && !isLicenceRefused(error) && count < 2;

/** `online()`'s answer; when the server is out of reach, `fromDevice`'s (if it has one), else the failure. */
export async function orFromDownload<T>(
  online: () => Promise<T>,
  fromDevice: (r: Awaited<ReturnType<typeof reads>>, userId: string | undefined) => Promise<T | null>,
): Promise<T> {
  try {
    return await online();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const kept = await fromDevice(await reads(), deviceUserId());
    if (kept) return kept;
    throw error;
  }
}

/**
 * Authentication state (storefront spec §4): the current user is requested only when a token
 * exists; the user counts as authenticated when that request succeeds. The last answer is kept on
 * the device (for this token only), so offline — or while the API is unreachable — a signed-in
 * user stays signed in. Logout tells the server, and completes locally even when that call fails.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { CurrentUser, VerifyResponse } from '@contracts/auth';
import { apiRequest, ApiError, isUnavailable } from '../lib/api-client';
import { profileKeys } from './profile';
import { cachedUser, rememberUser, setAuthToken, useAuthToken } from './auth-token';

/** `authKeys.me()` covers the current user under every token: invalidate it after sign-in or a membership change. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  meWith: (token: string | null) => [...authKeys.me(), token] as const,
};

/** GET /api/auth/me, or the cached user for this token while the API is unreachable. */
export async function fetchCurrentUser(token: string | null): Promise<CurrentUser> {
  if (!token) throw new Error('No token');
  try {
    const response = await apiRequest('GET', '/api/auth/me');
    const user = (await response.json()) as CurrentUser;
    rememberUser(token, user);
    return user;
  } catch (error) {
    const saved = isUnavailable(error) ? cachedUser(token) : null;
    if (saved) return saved;
    throw new Error('Authentication failed', { cause: error });
  }
}

export const currentUserQueryOptions = (token: string | null) => queryOptions({ queryKey: authKeys.meWith(token), queryFn: () => fetchCurrentUser(token) });

export function useAuth() {
  const token = useAuthToken();
  const queryClient = useQueryClient();
  const query = useQuery({ ...currentUserQueryOptions(token), enabled: !!token });
  const user = token ? (query.data ?? null) : null;
  const isRejected = !!token && query.isError && query.error?.cause instanceof ApiError && query.error.cause.status === 401;

  // A token the server refuses (expired or revoked) is dropped, so the screens show signed out.
  useEffect(() => {
    if (isRejected) setAuthToken(null);
  }, [isRejected]);

  const login = useCallback(
    (result: VerifyResponse) => {
      setAuthToken(result.token);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      console.warn('Logout request failed; signing out on this device anyway', error);
    }
    setAuthToken(null);
    queryClient.removeQueries({ queryKey: authKeys.me() });
    queryClient.removeQueries({ queryKey: profileKeys.all });
  }, [queryClient]);

  return {
    user,
    isLoading: !!token && query.isLoading,
    isAuthenticated: !!user,
    login,
    logout,
  };
}

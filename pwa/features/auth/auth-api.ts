/**
 * Sign-in and registration calls (storefront spec §7). Failures keep the API client's `ApiError`
 * (with its status); `authFailureMessage` turns one into what the screen says (§8): the server's
 * message when it sent one, otherwise the spec's fallback.
 */
import { LANDING_PATHS, type Role } from '@contracts/access';
import type { RegisterRequest, VerifyResponse } from '@contracts/auth';
import { apiRequest, ApiError } from '../../lib/api-client';

export const SEND_CODE_FAILED = 'Failed to send login code';
export const VERIFY_CODE_FAILED = 'Failed to verify login code';
export const REGISTER_FAILED = 'Failed to create account';

export function authFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** POST /api/auth/login: mails a 6-digit code. */
export async function requestLoginCode(email: string, isAdmin: boolean): Promise<void> {
  await apiRequest('POST', '/api/auth/login', { email, isAdmin });
}

/** POST /api/auth/verify: the code for a session token. */
export async function verifyLoginCode(code: string, email: string): Promise<VerifyResponse> {
  const response = await apiRequest('POST', '/api/auth/verify', { token: code, email });
  return (await response.json()) as VerifyResponse;
}

/** POST /api/auth/register. */
export async function registerAccount(payload: RegisterRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/register', payload);
}

/** Where a role lands after sign-in (storefront spec §4; an admin goes to the dashboard from either login screen). */
export function landingPathFor(role: string): string {
  return LANDING_PATHS[role as Role] ?? '/profile';
}

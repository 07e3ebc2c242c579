/** Sign-in and registration calls (storefront spec §7), with the spec's fallback messages (§8). */
import { LANDING_PATHS, type Role } from '@contracts/access';
import type { RegisterRequest, VerifyResponse } from '@contracts/auth';
import { apiRequest, ApiError } from '../../lib/api-client';

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export async function requestLoginCode(email: string, isAdmin: boolean): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/login', { email, isAdmin });
  } catch (error) {
    throw new Error(messageOf(error, 'Failed to send login code'));
  }
}

export async function verifyLoginCode(code: string, email: string): Promise<VerifyResponse> {
  try {
    const response = await apiRequest('POST', '/api/auth/verify', { token: code, email });
    return (await response.json()) as VerifyResponse;
  } catch (error) {
    throw new Error(messageOf(error, 'Failed to verify login code'));
  }
}

export async function registerAccount(payload: RegisterRequest): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/register', payload);
  } catch (error) {
    throw new Error(messageOf(error, 'Failed to create account'));
  }
}

/** Where a role lands after sign-in (storefront spec §4; an admin goes to the dashboard from either login screen). */
export function landingPathFor(role: string): string {
  return LANDING_PATHS[role as Role] ?? '/profile';
}

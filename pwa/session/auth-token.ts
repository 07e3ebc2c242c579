/** The session token in localStorage `auth_token`, observable so screens follow sign-in and sign-out. */
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@contracts/auth';
import { AUTH_TOKEN_KEY } from '../lib/api-client';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/** The last known signed-in user, kept for offline use and bound to its token. */
const USER_KEY = 'auth_user';
const tokenTag = (token: string) => token.slice(-16);

export function rememberUser(token: string, user: CurrentUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify({ tag: tokenTag(token), user }));
  } catch {
    // Storage full or blocked: offline sign-in state is a convenience only.
  }
}

export function cachedUser(token: string): CurrentUser | null {
  try {
    const saved = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as { tag?: string; user?: CurrentUser } | null;
    return saved?.tag === tokenTag(token) && saved.user ? saved.user : null;
  } catch {
    return null;
  }
}

export function setAuthToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
    if (!token || (localStorage.getItem(USER_KEY) && !cachedUser(token))) localStorage.removeItem(USER_KEY);
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export const getAuthToken = read;

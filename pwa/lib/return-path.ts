/**
 * Sign-in that comes back to where it was asked for ("Sign in to join the waitlist" on a course
 * page): `/login?returnTo=/courses/…`. Only a path of this app is followed, never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`), so the link cannot be made to send anyone away.
 */
export const RETURN_PARAM = 'returnTo';

/** The sign-in page's address that returns to `path` afterwards. */
export function loginReturningTo(path: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/** `value` when it is a path of this app (one leading slash, no scheme or host), else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Read as the browser would (it drops tabs and newlines, and takes a backslash for "/"): still this app?
  try {
    const url = new URL(value, 'https://app.invalid');
    return url.origin === 'https://app.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

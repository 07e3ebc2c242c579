/**
 * Checks an offline licence on the device (issue 34): its ES256 signature against the server's
 * public key (WebCrypto), its person and course, and its expiry. A changed character, another
 * person's licence or an expired one, and the lesson does not play. The key is fetched once when
 * online and kept with the downloads.
 */
import type { LicenceKeyAnswer, OfflineLicencePayload } from '@contracts/offline-learning';

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** The licence's payload when it is genuine, this course's (and this person's, if given) and unexpired at `now`; else null. */
export async function checkLicence(
  licence: string,
  jwk: LicenceKeyAnswer['jwk'],
  expect: { courseId: string; userId?: string; now: Date },
): Promise<OfflineLicencePayload | null> {
  const [body, signature, extra] = licence.split('.');
  if (!body || !signature || extra !== undefined) return null;
  try {
    const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromBase64Url(signature), new TextEncoder().encode(body));
    if (!ok) return null;
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as OfflineLicencePayload;
    if (payload.v !== 1 || payload.course !== expect.courseId) return null;
    if (expect.userId !== undefined && payload.sub !== expect.userId) return null;
    if (payload.exp * 1000 <= expect.now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

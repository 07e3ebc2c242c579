/**
 * Offline licences (issue 34): a signed, time-limited statement that a person may play a course's
 * downloaded lessons on their device. ES256 (ECDSA P-256, the signature as r‖s) so the browser
 * checks it with WebCrypto and the public key alone; the private key is derived from AUTH_SECRET,
 * so every process of one installation signs alike and nothing else needs configuring.
 */
import crypto from 'node:crypto';
import type { LicenceKeyAnswer, OfflineLicencePayload } from '@contracts/offline-learning';
import { deriveKey } from '../../lib/crypto';

export class OfflineLicences {
  private readonly privateKey: crypto.KeyObject;
  readonly publicJwk: LicenceKeyAnswer['jwk'];

  constructor(authSecret: string) {
    // A P-256 scalar from the secret (a 256-bit HMAC is below the group order but for ~2^-32 of secrets: then the next one).
    let seed = deriveKey(authSecret, 'offline-licence');
    const ecdh = crypto.createECDH('prime256v1');
    for (;;) {
      try {
        ecdh.setPrivateKey(seed);
        break;
      } catch {
        seed = crypto.createHash('sha256').update(seed).digest();
      }
    }
    const point = ecdh.getPublicKey();
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33, 65).toString('base64url');
    this.publicJwk = { kty: 'EC', crv: 'P-256', x, y };
    this.privateKey = crypto.createPrivateKey({ key: { ...this.publicJwk, d: seed.toString('base64url') }, format: 'jwk' });
  }

  /** `payload.signature` (base64url), for `userId` on `courseId` until `expiresAt`. */
  issue(userId: string, courseId: string, issuedAt: Date, expiresAt: Date): string {
    const payload: OfflineLicencePayload = {
      v: 1,
      sub: userId,
      course: courseId,
      iat: Math.floor(issuedAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const signature = crypto.sign('sha256', Buffer.from(body), { key: this.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${body}.${signature.toString('base64url')}`;
  }
}

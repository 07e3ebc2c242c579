/**
 * Short-lived media credentials (learning spec: media URLs bound to the person and the lesson).
 * A credential is one path segment, `{expires}.{userId}.{signature}`, signed over the lesson too,
 * so media addresses are `/media/lessons/{lessonId}/{credential}/{file}`: the HLS playlists'
 * relative addresses keep it without rewriting. Another lesson, an expired time, or one changed
 * character → refused.
 */
import { hmacBase64Url, safeEqualText } from '../../lib/crypto';

export interface MediaCredential {
  userId: string;
  lessonId: string;
  expiresAt: number;
}

const SHAPE = /^(\d{10})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export class MediaCredentials {
  constructor(private readonly key: Buffer) {}

  private sign(userId: string, lessonId: string, expires: number): string {
    return hmacBase64Url(this.key, `${lessonId}:${userId}:${expires}`);
  }

  /** A credential for `userId` on `lessonId`, valid until `expiresAt` (seconds since 1970). */
  issue(userId: string, lessonId: string, expiresAt: number): string {
    return `${expiresAt}.${userId}.${this.sign(userId, lessonId, expiresAt)}`;
  }

  /** The credential's person when it is this lesson's, unexpired and unaltered; else null. */
  verify(credential: string, lessonId: string, nowSeconds: number): MediaCredential | null {
    const match = SHAPE.exec(credential);
    if (!match) return null;
    const expiresAt = Number(match[1]);
    const userId = match[2]!;
    if (!safeEqualText(match[3]!, this.sign(userId, lessonId, expiresAt))) return null;
    if (expiresAt <= nowSeconds) return null;
    return { userId, lessonId, expiresAt };
  }
}

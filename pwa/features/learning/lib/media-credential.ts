/**
 * Media addresses carry their short-lived credential as one path segment
 * (`/media/lessons/{lessonId}/{credential}/{file}`, api/services/learning/media-credentials.ts);
 * the playlists' relative addresses keep it. When the player renews the credential, later requests
 * are made with the new one by rewriting that segment.
 */
const MEDIA_PATH = /^(.*?\/media\/lessons\/[^/?#]+\/)([^/?#]+)(\/.*)$/;

/** The credential segment of a media address, or null for any other address. */
export function credentialOf(url: string): string | null {
  return MEDIA_PATH.exec(url)?.[2] ?? null;
}

/** The same address with `credential` in place of its own (other addresses unchanged). */
export function withCredential(url: string, credential: string | null): string {
  if (!credential) return url;
  const match = MEDIA_PATH.exec(url);
  return match ? `${match[1]}${credential}${match[3]}` : url;
}

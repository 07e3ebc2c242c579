/**
 * How hls.js starts a lesson's video, the same for the lesson shell's early player
 * (`early/early-player.ts`) and the app's (`hooks/use-video-source.ts`): at the resume point, the
 * lowest rendition first (then the automatic choice), its first segment asked for while the media
 * source opens, not after it, and never a rendition larger than the player shows.
 */
import type { HlsConfig } from 'hls.js';

export function hlsStartConfig(resumeAtSeconds: number): Partial<HlsConfig> {
  return {
    startPosition: resumeAtSeconds > 0 ? resumeAtSeconds : -1,
    capLevelToPlayerSize: true,
    startLevel: 0,
    startFragPrefetch: true,
  };
}

/**
 * The lesson shell's early player handed to the app (issue 29's first frame). The shell's script
 * (`early/early-player.ts`) starts the lesson's video as soon as its playback answer is there,
 * before the app has rendered: a `<video>` with the browser's own controls, fed by hls.js (the
 * shell preloads its module, so the app later imports the same instance), shown where the
 * player will be. The app's player then takes that element and its hls.js as they are, playing
 * or not (`takeEarlyPlayer`), and puts its own controls on it; a page that does not show that
 * lesson's video with that answer discards it (`discardEarlyPlayer`).
 *
 * The slot is left on `window.__lessonEarlyPlayer` when the shell's script starts: `settled`
 * resolves once the early video's first frame is ready, or it gave up (no hls.js, an error, a
 * refused answer). The shell's script starts the app's code after it, rather than beside it on
 * the main thread (`early/run-early-reads.ts`, never for long).
 */
import type HlsType from 'hls.js';

export interface EarlyPlayer {
  lessonId: string;
  /** The playback answer's manifest: the app's answer must be the same one (the shell's reads are the app's). */
  manifestUrl: string;
  /** The element shown before the app (class EARLY_PLAYER_CLASS), holding `video`. */
  frame: HTMLElement;
  video: HTMLVideoElement;
  hls: HlsType;
  Hls: typeof HlsType;
  /** Where each media request goes: the app replaces it to send a renewed credential. */
  rewrite: (url: string) => string;
  /** Stops the early player's own rules (its skip guard) when the app takes over. */
  release: () => void;
}

export interface EarlyPlayerSlot {
  /** 'starting': not there yet; 'ready': `player` is there; 'gone': taken, discarded or given up. */
  state: 'starting' | 'ready' | 'gone';
  player?: EarlyPlayer;
  settled: Promise<void>;
}

export const EARLY_PLAYER_CLASS = 'early-player';

declare global {
  interface Window {
    /** Left by the lesson shell's script (early/early-player.ts), taken once by the app. */
    __lessonEarlyPlayer?: EarlyPlayerSlot;
  }
}

const slotOf = (): EarlyPlayerSlot | undefined => (typeof window === 'undefined' ? undefined : window.__lessonEarlyPlayer);

/** Stops an early player and takes it out of the page. */
export function destroyEarlyPlayer(player: EarlyPlayer): void {
  player.release();
  player.hls.destroy();
  player.video.removeAttribute('src');
  player.video.load();
  player.frame.remove();
}

/** Ends a slot: nothing more will start in it; returns its player, if it had one (not destroyed). */
function takeOut(slot: EarlyPlayerSlot): EarlyPlayer | undefined {
  const player = slot.player;
  slot.state = 'gone';
  slot.player = undefined;
  return player;
}

/** Ends a slot and destroys its player, if any (the early player failed, or no page took it). */
export function endSlot(slot: EarlyPlayerSlot): void {
  const player = takeOut(slot);
  if (player) destroyEarlyPlayer(player);
}

/**
 * The early player of this lesson and answer, once (later calls find none); any other is
 * discarded, and one still starting will not start. A device's downloaded copy is never one.
 */
export function takeEarlyPlayer(lessonId: string, answer: { manifestUrl: string; offlineUrl?: string }): EarlyPlayer | undefined {
  const slot = slotOf();
  if (!slot || slot.state === 'gone') return undefined;
  const player = takeOut(slot);
  if (!player) return undefined;
  if (player.lessonId === lessonId && player.manifestUrl === answer.manifestUrl && !answer.offlineUrl) {
    player.release();
    return player;
  }
  destroyEarlyPlayer(player);
  return undefined;
}

/** Discards the early player no one has taken (the lesson page was left, or shows something else). */
export function discardEarlyPlayer(): void {
  const slot = slotOf();
  if (slot && slot.state !== 'gone') endSlot(slot);
}

/**
 * The lesson shell's early player (issue 29's first frame; see `lib/early-player-handoff.ts`).
 * Once the playback answer is there it imports hls.js from the module the shell preloads (the
 * same address the app imports, so one instance), and shows the lesson's `<video>` with the
 * browser's own controls at the player's place while the app's code still runs: the learner can
 * press Play (or the keyboard's Space) at once. A "no skipping ahead" course's rule holds here
 * too: a seek past the furthest point watched snaps back.
 *
 * hls.js transmuxes on the main thread here (its worker is a file of the app's build this script
 * cannot name, and starting it cost more than the first segment's transmuxing). Anything missing
 * (Media Source Extensions, the preloaded module, an answer) or failing leaves the page to the
 * app, which then starts the video as it always did.
 */
import type HlsType from 'hls.js';
import type { PlaybackAnswer } from '@contracts/learning';
import { EARLY_PLAYER_CLASS, endSlot, type EarlyPlayer, type EarlyPlayerSlot } from '../lib/early-player-handoff';
import { hlsStartConfig } from '../lib/hls-start';
import { watchSkipping } from '../lib/no-skipping';

/** The preloaded hls.js module's address in the lesson shell. */
export const hlsModuleOf = (doc: Document) => doc.querySelector<HTMLLinkElement>('link[rel="modulepreload"][href*="/hls.light-"]')?.href;

/** Leaves the slot on the page, then starts the player once `playback` has answered; returns the slot's `settled`. */
export function startEarlyPlayer(win: Window, lessonId: string, playback: Promise<Response>): Promise<void> {
  let settle!: () => void;
  const slot: EarlyPlayerSlot = { state: 'starting', settled: new Promise<void>((resolve) => (settle = resolve)) };
  win.__lessonEarlyPlayer = slot;
  const giveUp = () => {
    if (slot.state === 'starting') slot.state = 'gone';
    settle();
  };
  open(win, lessonId, playback, slot, settle).catch(giveUp);
  return slot.settled;
}

async function open(win: Window, lessonId: string, playback: Promise<Response>, slot: EarlyPlayerSlot, settle: () => void): Promise<void> {
  const response = await playback;
  const href = hlsModuleOf(win.document);
  if (!response.ok || !href) throw new Error('no early player');
  const answer = (await response.clone().json()) as PlaybackAnswer;
  const Hls = ((await import(/* @vite-ignore */ href)) as { default: typeof HlsType }).default;
  if (slot.state !== 'starting' || !Hls.isSupported()) throw new Error('no early player');

  const doc = win.document;
  const frame = doc.createElement('div');
  frame.className = EARLY_PLAYER_CLASS;
  const video = doc.createElement('video');
  video.controls = true;
  video.playsInline = true;
  video.preload = 'auto';
  if (answer.posterUrl) video.poster = answer.posterUrl;
  video.setAttribute('aria-label', 'Lesson video');
  frame.append(video);

  const player: EarlyPlayer = {
    lessonId,
    manifestUrl: answer.manifestUrl,
    frame,
    video,
    Hls,
    rewrite: (url) => url,
    release: () => undefined,
    hls: new Hls({
      ...hlsStartConfig(answer.resumeAtSeconds),
      enableWorker: false,
      xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', player.rewrite(url), true),
    }),
  };
  if (answer.noSkipping) player.release = watchSkipping(video, { current: answer.furthestSeconds });
  player.hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || slot.player !== player) return;
    endSlot(slot);
    settle();
  });
  video.addEventListener('loadeddata', settle, { once: true });
  player.hls.loadSource(answer.manifestUrl);
  player.hls.attachMedia(video);
  doc.body.append(frame);
  slot.player = player;
  slot.state = 'ready';
}

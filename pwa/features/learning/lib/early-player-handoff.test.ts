import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardEarlyPlayer, takeEarlyPlayer, type EarlyPlayer, type EarlyPlayerSlot } from './early-player-handoff';

/** An early player whose hls.js, element and frame record what was done to them. */
function earlyPlayer(lessonId = 'l1', manifestUrl = '/media/lessons/l1/cred/master.m3u8') {
  const done: string[] = [];
  const player = {
    lessonId,
    manifestUrl,
    frame: { remove: () => done.push('frame removed') },
    video: { removeAttribute: (name: string) => done.push(`video ${name} removed`), load: () => done.push('video emptied') },
    hls: { destroy: () => done.push('hls destroyed') },
    Hls: {},
    rewrite: (url: string) => url,
    release: () => done.push('released'),
  } as unknown as EarlyPlayer;
  return { player, done };
}

function slotWith(player?: EarlyPlayer): EarlyPlayerSlot {
  const slot: EarlyPlayerSlot = { state: player ? 'ready' : 'starting', player, settled: Promise.resolve() };
  vi.stubGlobal('window', { __lessonEarlyPlayer: slot });
  return slot;
}

afterEach(() => vi.unstubAllGlobals());

describe('the early player handed to the app', () => {
  it('is taken, as it is, by the player of the same lesson and answer, once', () => {
    const { player, done } = earlyPlayer();
    const slot = slotWith(player);
    expect(takeEarlyPlayer('l1', { manifestUrl: '/media/lessons/l1/cred/master.m3u8' })).toBe(player);
    // Its own rules stop; the video, its hls.js and its place are the app's now.
    expect(done).toEqual(['released']);
    expect(slot.state).toBe('gone');
    expect(takeEarlyPlayer('l1', { manifestUrl: '/media/lessons/l1/cred/master.m3u8' })).toBeUndefined();
  });

  it('is destroyed and taken out of the page when the app plays another lesson, another answer or the device’s copy', () => {
    for (const [lessonId, answer] of [
      ['l2', { manifestUrl: '/media/lessons/l1/cred/master.m3u8' }],
      ['l1', { manifestUrl: '/media/lessons/l1/renewed/master.m3u8' }],
      // The device's downloaded copy is played instead.
      ['l1', { manifestUrl: '/media/lessons/l1/cred/master.m3u8', offlineUrl: '/offline/lessons/l1/video.mp4' }],
    ] as const) {
      const { player, done } = earlyPlayer();
      slotWith(player);
      expect(takeEarlyPlayer(lessonId, answer)).toBeUndefined();
      expect(done).toEqual(['released', 'hls destroyed', 'video src removed', 'video emptied', 'frame removed']);
    }
  });

  it('one still starting will not start once the app has asked (its slot is gone)', () => {
    const slot = slotWith();
    expect(takeEarlyPlayer('l1', { manifestUrl: '/media/lessons/l1/cred/master.m3u8' })).toBeUndefined();
    expect(slot.state).toBe('gone');
  });

  it('is discarded when the page is left untaken, and only once', () => {
    const { player, done } = earlyPlayer();
    const slot = slotWith(player);
    discardEarlyPlayer();
    discardEarlyPlayer();
    expect(done.filter((d) => d === 'hls destroyed')).toHaveLength(1);
    expect(slot.state).toBe('gone');
    expect(takeEarlyPlayer('l1', { manifestUrl: '/media/lessons/l1/cred/master.m3u8' })).toBeUndefined();
  });

  it('there is nothing to take on a page without one', () => {
    vi.stubGlobal('window', {});
    expect(takeEarlyPlayer('l1', { manifestUrl: '/x' })).toBeUndefined();
    expect(() => discardEarlyPlayer()).not.toThrow();
  });
});

/**
 * Puts a lesson's video into the <video>: hls.js (its light build, `loadHls`: only lesson pages
 * load it, so the storefront never downloads it) where the browser has Media Source Extensions, the browser's own
 * HLS where it has only that. The media credential lasts MEDIA_CREDENTIAL_SECONDS: the playback
 * answer is asked for again a minute before it runs out, and later requests carry the new
 * credential (hls.js `xhrSetup` rewrites the address; the captions' addresses follow). With the
 * browser's own HLS a refused request surfaces as a media error: the source is renewed and
 * reopened where it was.
 */
import { useEffect, useState } from 'react';
import type HlsType from 'hls.js';
import type { PlaybackAnswer } from '@contracts/learning';
import { repeatAfter } from '@pwa/lib/repeat';
import { fetchPlayback } from '../api/get-playback';
import type { EarlyPlayer } from '../lib/early-player-handoff';
import { hlsStartConfig } from '../lib/hls-start';
import { hasMediaSource, hlsWorkerUrl, loadHls } from '../lib/load-hls';
import { credentialOf, withCredential } from '../lib/media-credential';

export interface QualityLevel {
  index: number;
  height: number;
}

export interface VideoSource {
  captions: PlaybackAnswer['captions'];
  /** hls.js's renditions (empty with the browser's own HLS, which chooses by itself). */
  levels: QualityLevel[];
  /** The rendition chosen (-1: automatic) and the one playing. */
  chosenLevel: number;
  playingLevel: number;
  chooseLevel: (index: number) => void;
  failure: string | null;
}

const RENEW_BEFORE_SECONDS = 60;
const MAX_RECOVERIES = 3;
export const PLAYBACK_FAILED = 'The video could not be played. Please reload the page to try again.';

const levelsOf = (levels: ReadonlyArray<{ height: number }>): QualityLevel[] => levels.map((level, index) => ({ index, height: level.height }));

/** `early`: the lesson shell's player of this answer, taken over as it is (`lib/early-player-handoff.ts`). */
export function useVideoSource(video: HTMLVideoElement | null, lessonId: string, first: PlaybackAnswer, early?: EarlyPlayer): VideoSource {
  const [captions, setCaptions] = useState(first.captions);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [failure, setFailure] = useState<string | null>(null);
  const [choose, setChoose] = useState<(index: number) => void>(() => () => undefined);

  useEffect(() => {
    if (!video) return;
    let stopped = false;
    let credential = credentialOf(first.manifestUrl);
    let destroy = () => {};
    let recoveries = 0;
    let onRenewed: (manifestUrl: string) => void = () => {};
    let renewing: Promise<void> | undefined;
    const renew = () =>
      (renewing ??= fetchPlayback(lessonId)
        .then((next) => {
          if (stopped) return;
          credential = credentialOf(next.manifestUrl);
          setCaptions(next.captions);
          onRenewed(next.manifestUrl);
        })
        .finally(() => {
          renewing = undefined;
        }));
    let firstRound = true;
    const renewEvery = Math.max(10, first.expiresInSeconds - RENEW_BEFORE_SECONDS) * 1000;
    // A downloaded copy carries no credential to renew.
    const stopRenewing = first.offlineUrl
      ? () => undefined
      : repeatAfter(renewEvery, () => {
          if (firstRound) firstRound = false;
          else return renew().catch(() => undefined);
        });

    if (first.offlineUrl) {
      // The device's downloaded copy (issue 34): one MP4 the service worker serves with byte ranges.
      const onError = () => setFailure(PLAYBACK_FAILED);
      const onMetadata = () => {
        if (first.resumeAtSeconds > 0) video.currentTime = first.resumeAtSeconds;
      };
      video.addEventListener('error', onError);
      video.addEventListener('loadedmetadata', onMetadata, { once: true });
      video.src = first.offlineUrl;
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('loadedmetadata', onMetadata);
        video.removeAttribute('src');
        video.load();
      };
    } else if (!hasMediaSource() && video.canPlayType('application/vnd.apple.mpegurl')) {
      // The browser's own HLS: a refused request (an expired credential) stops it with an error.
      const reopen = (manifestUrl: string) => {
        const at = video.currentTime;
        const playing = !video.paused;
        video.src = manifestUrl;
        video.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = at;
            if (playing) void video.play().catch(() => undefined);
          },
          { once: true },
        );
      };
      const onError = () => {
        if (recoveries++ >= MAX_RECOVERIES) return setFailure(PLAYBACK_FAILED);
        onRenewed = reopen;
        void renew().catch(() => setFailure(PLAYBACK_FAILED));
      };
      const onPlaying = () => (recoveries = 0);
      video.addEventListener('error', onError);
      video.addEventListener('playing', onPlaying);
      const onMetadata = () => {
        if (first.resumeAtSeconds > 0) video.currentTime = first.resumeAtSeconds;
      };
      video.addEventListener('loadedmetadata', onMetadata, { once: true });
      video.src = first.manifestUrl;
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('playing', onPlaying);
        video.removeEventListener('loadedmetadata', onMetadata);
        video.removeAttribute('src');
        video.load();
      };
    } else {
      const play = (Hls: typeof HlsType, hls: HlsType) => {
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => setLevels(levelsOf(data.levels)));
        hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
        hls.on(Hls.Events.FRAG_BUFFERED, () => (recoveries = 0));
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (recoveries++ >= MAX_RECOVERIES) return setFailure(PLAYBACK_FAILED);
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
          if (data.type !== Hls.ErrorTypes.NETWORK_ERROR) return setFailure(PLAYBACK_FAILED);
          // Most likely a credential that ran out (a laptop woken from sleep): renew, then go on.
          void renew()
            .then(() => hls.startLoad(video.currentTime))
            .catch(() => setFailure(PLAYBACK_FAILED));
        });
        setChoose(() => (index: number) => {
          hls.currentLevel = index;
          setChosenLevel(index);
        });
        destroy = () => hls.destroy();
      };
      if (early) {
        // The shell's early player, already playing or ready: its requests now carry the renewed credential.
        early.rewrite = (url) => withCredential(url, credential);
        if (early.hls.levels.length > 0) setLevels(levelsOf(early.hls.levels));
        play(early.Hls, early.hls);
      } else
        void loadHls()
          .then((Hls) => {
            if (stopped) return;
            if (!Hls.isSupported())
              return setFailure('This browser cannot play these videos. Please use a current version of Chrome, Edge, Firefox or Safari.');
            const hls = new Hls({
              ...hlsStartConfig(first.resumeAtSeconds),
              // Its transmuxing worker from this origin (the policy allows no blob: workers).
              workerPath: hlsWorkerUrl,
              xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', withCredential(url, credential), true),
            });
            play(Hls, hls);
            hls.loadSource(first.manifestUrl);
            hls.attachMedia(video);
          })
          .catch(() => setFailure(PLAYBACK_FAILED));
    }
    return () => {
      stopped = true;
      stopRenewing();
      destroy();
    };
  }, [video, lessonId, first, early]);

  return { captions, levels, chosenLevel, playingLevel, chooseLevel: choose, failure };
}

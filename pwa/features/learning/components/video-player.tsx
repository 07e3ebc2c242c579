/**
 * A video lesson's player: the <video> with its poster and caption tracks, the controls below it,
 * and the keyboard (while focus is in the player: Space/K, ←/→ 5 s, F, C, M). Resumes where the
 * learner left off, reports progress, and in a "no skipping ahead" course refuses a seek past the
 * furthest point watched (snapped back, said in a polite live region).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { PlaybackAnswer } from '@contracts/learning';
import { contiguousFromStart } from '@contracts/learning-ranges';
import { useProgressReporter } from '../hooks/use-progress-reporter';
import { useVideoSource } from '../hooks/use-video-source';
import { useVideoState } from '../hooks/use-video-state';
import { takeEarlyPlayer } from '../lib/early-player-handoff';
import { SKIP_REFUSED_MESSAGE, watchSkipping } from '../lib/no-skipping';
import { playerAction, SEEK_STEP_SECONDS } from '../lib/player-keys';
import { PlayerControls } from './player-controls';

const useStyles = makeStyles({
  player: {
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    ':fullscreen': { borderRadius: 0, border: 'none', justifyContent: 'center', backgroundColor: '#000' },
  },
  video: { display: 'block', width: '100%', aspectRatio: '16 / 9', backgroundColor: '#000', cursor: 'pointer', ':fullscreen': { flex: 1 } },
  screen: { display: 'contents' },
  notice: { minHeight: '1.5em', margin: 0, padding: `0 ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground2 },
  failure: { margin: 0, padding: tokens.spacingHorizontalM, color: tokens.colorPaletteRedForeground1 },
});

export interface PlayerHandle {
  /** Moves the video to `seconds` (refused past the furthest point in a no-skipping course). */
  seek: (seconds: number) => void;
}

const NOTICE_MS = 6000;

export function VideoPlayer({ lessonId, title, playback, handle }: { lessonId: string; title: string; playback: PlaybackAnswer; handle?: Ref<PlayerHandle> }) {
  const styles = useStyles();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [screen, setScreen] = useState<HTMLDivElement | null>(null);
  // The lesson shell's early player of this answer, if it is there (a device's copy never is one).
  const [early] = useState(() => takeEarlyPlayer(lessonId, playback));
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [notice, setNotice] = useState('');
  const [captionLang, setCaptionLang] = useState<string | null>(null);
  const lastCaptions = useRef<string | null>(null);
  const furthest = useRef(playback.furthestSeconds);

  // Declared before the source: on leaving, the last report is taken before the video is emptied.
  useProgressReporter(video, lessonId, playback.durationSeconds, (answer) => {
    furthest.current = Math.max(furthest.current, contiguousFromStart(answer.ranges));
  });
  const source = useVideoSource(video, lessonId, playback, early);
  const state = useVideoState(video, container, playback.durationSeconds);

  // The <video> is held here, not rendered: the early player's element is taken as it is, playing or not.
  const [element] = useState(() => early?.video ?? document.createElement('video'));
  useLayoutEffect(() => {
    element.controls = false;
    element.className = styles.video;
    element.playsInline = true;
    if (!early) element.preload = 'metadata';
    if (playback.posterUrl) element.poster = playback.posterUrl;
    element.setAttribute('aria-label', title);
  }, [element, early, styles.video, playback.posterUrl, title]);
  useLayoutEffect(() => {
    if (!screen) return;
    screen.append(element);
    early?.frame.remove();
    setVideo(element);
    return () => element.remove();
  }, [screen, element, early]);

  // The caption tracks: the lesson's uploaded WebVTT files (renewed addresses replace them).
  useEffect(() => {
    if (!video) return;
    const tracks = source.captions.map((c) =>
      Object.assign(document.createElement('track'), { kind: 'captions', src: c.url, srclang: c.lang, label: c.label }),
    );
    video.append(...tracks);
    return () => tracks.forEach((track) => track.remove());
  }, [video, source.captions]);

  const announce = useCallback((text: string) => setNotice(text), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // No skipping ahead: the furthest point grows while playing; a seek past it snaps back.
  useEffect(() => {
    if (!video || !playback.noSkipping) return;
    return watchSkipping(video, furthest, () => announce(SKIP_REFUSED_MESSAGE));
  }, [video, playback.noSkipping, announce]);

  // Captions: the chosen track showing, the others off (also after a renewal changed their addresses).
  useEffect(() => {
    if (!video) return;
    for (const track of Array.from(video.textTracks)) track.mode = track.language === captionLang ? 'showing' : 'disabled';
  }, [video, captionLang, source.captions]);

  const seek = useCallback(
    (seconds: number) => {
      if (!video) return;
      const duration = Number.isFinite(video.duration) ? video.duration : playback.durationSeconds;
      video.currentTime = Math.max(0, Math.min(seconds, duration));
    },
    [video, playback.durationSeconds],
  );
  useImperativeHandle(handle, () => ({ seek }), [seek]);

  const togglePlay = useCallback(() => {
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, [video]);
  const toggleFullscreen = useCallback(() => {
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void container.requestFullscreen?.().catch(() => announce('Full screen is not available here.'));
  }, [container, announce]);
  const chooseCaptions = useCallback((lang: string | null) => {
    if (lang) lastCaptions.current = lang;
    setCaptionLang(lang);
  }, []);
  const toggleCaptions = useCallback(() => {
    if (source.captions.length === 0) return announce('This video has no captions.');
    setCaptionLang((current) => (current ? null : (lastCaptions.current ?? source.captions[0]!.lang)));
  }, [source.captions, announce]);
  const toggleMute = useCallback(() => {
    if (video) video.muted = !video.muted;
  }, [video]);

  // Keyboard shortcuts while focus is inside the player (menus open in a portal, outside it).
  useEffect(() => {
    if (!container || !video) return;
    const onKey = (event: KeyboardEvent) => {
      const { key, ctrlKey, metaKey, altKey } = event;
      const action = playerAction({ key, ctrlKey, metaKey, altKey, targetTag: (event.target as HTMLElement | null)?.tagName });
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle-play') togglePlay();
      else if (action === 'back') seek(video.currentTime - SEEK_STEP_SECONDS);
      else if (action === 'forward') seek(video.currentTime + SEEK_STEP_SECONDS);
      else if (action === 'fullscreen') toggleFullscreen();
      else if (action === 'captions') toggleCaptions();
      else toggleMute();
    };
    container.addEventListener('keydown', onKey);
    video.addEventListener('click', togglePlay);
    return () => {
      container.removeEventListener('keydown', onKey);
      video.removeEventListener('click', togglePlay);
    };
  }, [container, video, togglePlay, seek, toggleFullscreen, toggleCaptions, toggleMute]);

  return (
    <div ref={setContainer} className={styles.player} role="group" aria-label={`Video player: ${title}`}>
      <div ref={setScreen} className={styles.screen} />
      <PlayerControls
        state={state}
        onTogglePlay={togglePlay}
        onSeek={seek}
        onToggleMute={toggleMute}
        onRate={(rate) => {
          if (video) video.playbackRate = rate;
        }}
        captions={source.captions}
        captionLang={captionLang}
        onCaptions={chooseCaptions}
        levels={source.levels}
        chosenLevel={source.chosenLevel}
        playingLevel={source.playingLevel}
        onLevel={source.chooseLevel}
        onToggleFullscreen={toggleFullscreen}
      />
      {source.failure ? (
        <p className={styles.failure} role="alert">
          {source.failure}
        </p>
      ) : null}
      <p className={styles.notice} role="status" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}

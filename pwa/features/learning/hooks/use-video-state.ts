/** What the player's controls show, following the <video>'s own events (and full screen). */
import { useEffect, useState } from 'react';

export interface VideoState {
  paused: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  rate: number;
  fullscreen: boolean;
}

const EVENTS = ['play', 'pause', 'timeupdate', 'seeked', 'durationchange', 'loadedmetadata', 'volumechange', 'ratechange', 'ended', 'emptied'] as const;

export function useVideoState(video: HTMLVideoElement | null, container: HTMLElement | null, knownDuration: number): VideoState {
  const [state, setState] = useState<VideoState>({ paused: true, currentTime: 0, duration: knownDuration, muted: false, rate: 1, fullscreen: false });
  useEffect(() => {
    if (!video) return;
    const read = () =>
      setState({
        paused: video.paused,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : knownDuration,
        muted: video.muted,
        rate: video.playbackRate,
        fullscreen: !!container && document.fullscreenElement === container,
      });
    read();
    for (const name of EVENTS) video.addEventListener(name, read);
    document.addEventListener('fullscreenchange', read);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, read);
      document.removeEventListener('fullscreenchange', read);
    };
  }, [video, container, knownDuration]);
  return state;
}

/**
 * The camera part of the scanner: "Start camera" asks for the back camera, and each QR code it
 * sees is handed on once (the same code again only after a pause, so a ticket held up is one scan).
 * Frames are read a few times a second, each after the last was read (no timers left running).
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { qrDetector } from '../lib/qr-detector';

const FRAME_GAP_MS = 150;
const SAME_CODE_PAUSE_MS = 3_000;

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  video: {
    width: '100%',
    maxWidth: '28rem',
    aspectRatio: '4 / 3',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    objectFit: 'cover',
  },
});

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on' } | { kind: 'failed'; message: string };

export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const styles = useStyles();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const stopRef = useRef<() => void>(() => undefined);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => () => stopRef.current(), []);

  async function start() {
    setState({ kind: 'starting' });
    let stream: MediaStream | undefined;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here. Type the code instead.');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current!;
      element.srcObject = stream;
      await element.play();
      const detect = await qrDetector();
      let running = true;
      let frame = 0;
      let last = { text: '', at: 0 };
      const tick = async (time: number, previous: number) => {
        if (!running) return;
        if (time - previous >= FRAME_GAP_MS) {
          const text = await detect(element).catch(() => null);
          const now = performance.now();
          if (running && text && (text !== last.text || now - last.at > SAME_CODE_PAUSE_MS)) onCodeRef.current(text);
          if (text) last = { text, at: now };
          previous = time;
        }
        if (running) frame = requestAnimationFrame((next) => void tick(next, previous));
      };
      frame = requestAnimationFrame((time) => void tick(time, 0));
      const opened = stream;
      stopRef.current = () => {
        running = false;
        cancelAnimationFrame(frame);
        for (const track of opened.getTracks()) track.stop();
        element.srcObject = null;
      };
      setState({ kind: 'on' });
    } catch (error) {
      for (const track of stream?.getTracks() ?? []) track.stop();
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setState({
        kind: 'failed',
        message: denied ? 'The camera was not allowed. Type the code instead.' : error instanceof Error ? error.message : String(error),
      });
    }
  }

  function stop() {
    stopRef.current();
    stopRef.current = () => undefined;
    setState({ kind: 'off' });
  }

  const on = state.kind === 'on' || state.kind === 'starting';
  return (
    <div className={styles.frame}>
      <video ref={video} className={styles.video} muted playsInline aria-label="Camera picture" hidden={!on} />
      <Button appearance={on ? 'secondary' : 'primary'} onClick={() => (on ? stop() : void start())} disabled={state.kind === 'starting'}>
        {on ? 'Stop camera' : 'Start camera'}
      </Button>
      {state.kind === 'failed' ? <Text role="alert">{state.message}</Text> : null}
    </div>
  );
}

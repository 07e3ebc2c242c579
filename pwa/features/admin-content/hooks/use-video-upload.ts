/**
 * One lesson's video upload as the screen follows it: starting (tus-js-client loading, an earlier
 * upload of the same file looked up), uploading with its bytes sent, paused, stopped (the
 * connection dropped after the retries: Resume, or it goes on by itself when the browser is back
 * online), then the lesson saved with the upload id. Leaving the screen pauses it; choosing the
 * same file again, even after a reload, continues from where the server has it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { startVideoUpload, type VideoUpload } from '../api/upload-video';

export type UploadPhase = 'idle' | 'starting' | 'uploading' | 'paused' | 'stopped' | 'attaching' | 'done';

export interface UploadState {
  phase: UploadPhase;
  name: string;
  sent: number;
  total: number;
  /** Why it stopped, or that it continues an earlier upload. */
  message?: string;
  resumed?: boolean;
}

const IDLE: UploadState = { phase: 'idle', name: '', sent: 0, total: 0 };

/** `attach(uploadId)`: saves the lesson with the finished upload (true when sent or kept for later). */
export function useVideoUpload(lessonId: string, attach: (uploadId: string) => Promise<boolean>) {
  const [state, setState] = useState<UploadState>(IDLE);
  const upload = useRef<VideoUpload | null>(null);
  const attachRef = useRef(attach);
  attachRef.current = attach;

  const start = useCallback(
    async (file: File) => {
      await upload.current?.pause();
      setState({ phase: 'starting', name: file.name, sent: 0, total: file.size });
      try {
        upload.current = await startVideoUpload(lessonId, file, {
          onProgress: (sent, total) => setState((s) => ({ ...s, phase: s.phase === 'paused' ? 'paused' : 'uploading', sent, total, message: undefined })),
          onError: (message) => setState((s) => ({ ...s, phase: 'stopped', message })),
          onDone: (uploadId) => {
            upload.current = null;
            setState((s) => ({ ...s, phase: 'attaching', sent: s.total }));
            void attachRef
              .current(uploadId)
              .then((ok) =>
                setState((s) => (ok ? { ...s, phase: 'done' } : { ...s, phase: 'stopped', message: 'The lesson could not be saved with the video.' })),
              );
          },
        });
        setState((s) => (s.phase === 'starting' ? { ...s, phase: 'uploading', resumed: upload.current?.resumed } : { ...s, resumed: upload.current?.resumed }));
      } catch {
        setState((s) => ({ ...s, phase: 'stopped', message: 'The uploader could not be loaded. Check the connection and choose the file again.' }));
      }
    },
    [lessonId],
  );

  const pause = useCallback(() => {
    setState((s) => ({ ...s, phase: 'paused' }));
    void upload.current?.pause();
  }, []);

  const resume = useCallback(() => {
    setState((s) => ({ ...s, phase: 'uploading', message: undefined }));
    upload.current?.resume();
  }, []);

  // Back online after the retries gave up: it goes on by itself.
  useEffect(() => {
    if (state.phase !== 'stopped' || !upload.current) return undefined;
    const onOnline = () => resume();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [state.phase, resume]);

  // Leaving the screen pauses the upload; the same file chosen later continues it.
  useEffect(
    () => () => {
      void upload.current?.pause();
    },
    [],
  );

  return { state, start, pause, resume, reset: () => setState(IDLE) };
}

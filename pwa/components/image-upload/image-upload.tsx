/**
 * The one image picker of the back office (back-office spec §5, §8, §9): a drop zone with a
 * "Choose image" button (the keyboard way in), the spec's checks before anything is sent (10 MB,
 * PNG/JPEG/WebP), a progress bar while the file goes up, a preview, and "Remove image". The value
 * is the stored path (`/objects/uploads/{id}.webp`, or a seeded `/images/…`), '' for none. Offline,
 * the file is kept in the outbox and the value names it (`local-image:<id>`) until its upload
 * lands: the preview shows the file, and the save that names it waits for it.
 *
 *   <ImageUpload label="Course Image" value={path} onChange={setPath} />
 */
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { imageSrcSet } from '@contracts/image-paths';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_TYPES } from '@contracts/uploads';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { useNotify } from '@pwa/lib/notify';
import { success } from '@pwa/lib/toasts';
import { LOCAL_IMAGE_PREFIX, keepImageForLater, localImage } from '@pwa/offline/back-office/outbox';
import { uploadImage } from './upload-image';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { fontWeight: tokens.fontWeightSemibold },
  zone: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    flexWrap: 'wrap',
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  over: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  preview: { width: '8rem', height: '5rem', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  hidden: { display: 'none' },
});

const ACCEPT = UPLOAD_TYPES.join(',');

export interface ImageUploadProps {
  label: string;
  value: string;
  onChange: (path: string) => void;
  disabled?: boolean;
}

/** What to show for a value: the stored path, or for an image picked offline its file (or its path once uploaded). */
function useShownImage(value: string): { src: string; stored: boolean } {
  const local = value.startsWith(LOCAL_IMAGE_PREFIX);
  const [resolved, setResolved] = useState<{ value: string; src: string; stored: boolean } | null>(null);
  useEffect(() => {
    if (!local) return;
    let live = true;
    let url: string | null = null;
    void localImage(value)
      .then((image) => {
        if (!image || !live) return;
        if ('path' in image) return setResolved({ value, src: image.path, stored: true });
        url = URL.createObjectURL(image.file);
        setResolved({ value, src: url, stored: false });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [value, local]);
  if (!local) return { src: value, stored: true };
  return resolved?.value === value ? resolved : { src: '', stored: false };
}

export function ImageUpload({ label, value, onChange, disabled }: ImageUploadProps) {
  const styles = useStyles();
  const notify = useNotify();
  const labelId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  async function take(file: File | undefined) {
    if (!file || progress !== null) return;
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      notify({ title: UPLOAD_MESSAGES.notImageTitle, description: UPLOAD_MESSAGES.notImage, variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notify({ title: UPLOAD_MESSAGES.tooLargeTitle, description: UPLOAD_MESSAGES.tooLarge, variant: 'destructive' });
      return;
    }
    abort.current = new AbortController();
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const path = await uploadImage(file, setProgress, abort.current.signal);
      onChange(path);
      notify(success(UPLOAD_MESSAGES.done));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (isUnavailable(error)) {
        // No connection: the file waits on this device and goes up before the save that names it.
        onChange(await keepImageForLater(file));
        notify({ title: UPLOAD_MESSAGES.keptTitle, description: UPLOAD_MESSAGES.kept, variant: 'info' });
        return;
      }
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 413) notify({ title: UPLOAD_MESSAGES.tooLargeTitle, description: UPLOAD_MESSAGES.tooLarge, variant: 'destructive' });
      else if (status === 415)
        notify({ title: UPLOAD_MESSAGES.notImageTitle, description: (error as ApiError).serverMessage ?? UPLOAD_MESSAGES.notImage, variant: 'destructive' });
      else notify({ title: UPLOAD_MESSAGES.failedTitle, description: UPLOAD_MESSAGES.failed, variant: 'destructive' });
    } finally {
      setProgress(null);
      setLocalPreview(null);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) void take(event.dataTransfer.files[0]);
  };
  const image = useShownImage(value);
  const shown = localPreview ?? image.src;
  const busy = progress !== null;

  return (
    <div className={styles.group} role="group" aria-labelledby={labelId}>
      <Text id={labelId} className={styles.label}>
        {label}
      </Text>
      <div
        className={over ? `${styles.zone} ${styles.over}` : styles.zone}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
      >
        {shown ? (
          <img
            className={styles.preview}
            src={shown}
            srcSet={localPreview || !image.stored ? undefined : imageSrcSet(shown)}
            sizes="8rem"
            alt={`${label} preview`}
          />
        ) : null}
        <div className={styles.group}>
          <Text id={statusId} size={200}>
            {busy
              ? 'Uploading…'
              : !image.stored && value
                ? 'Kept on this device: uploaded when the connection is back. Drop another image here to replace it, or'
                : shown
                  ? 'Drop another image here to replace it, or'
                  : 'Drop an image here (PNG, JPG or WebP, up to 10 MB), or'}
          </Text>
          <div className={styles.actions}>
            <Button disabled={disabled || busy} onClick={() => input.current?.click()} aria-describedby={statusId}>
              {shown ? 'Replace image' : 'Choose image'}
            </Button>
            {value && !busy ? (
              <Button appearance="subtle" disabled={disabled} onClick={() => onChange('')}>
                Remove image
              </Button>
            ) : null}
          </div>
          {busy ? <ProgressBar value={progress} max={1} aria-label={`Uploading ${label}`} /> : null}
        </div>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void take(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}

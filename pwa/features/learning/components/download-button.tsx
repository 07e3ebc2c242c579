/**
 * "Download for offline" (issue 34) on a course in My Training and on its content page: first the
 * space it will take beside the space the device has, then the download with its progress; a
 * paused or failed one says why and resumes; a complete one says so and leads to Downloads.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { DownloadPackage } from '@contracts/offline-learning';
import { TextLink } from '@pwa/components/layout/router-links';
import { ApiError, apiRequest } from '@pwa/lib/api-client';
import { formatBytes, formatDate } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { downloadCourse } from '@pwa/offline/learning/downloader';
import { useOnline } from '@pwa/offline/use-online';
import { DownloadIcon } from '@pwa/components/icons';
import { downloadedPercent, useDownload, useStorageEstimate } from '../hooks/use-downloads';
import { deviceUserId } from '../offline/from-download';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '12rem' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

export const DOWNLOADS_PATH = '/downloads';

export function DownloadButton({ courseId, title }: { courseId: string; title: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const online = useOnline();
  const download = useDownload(courseId);
  const [offer, setOffer] = useState<DownloadPackage | null>(null);
  const [asking, setAsking] = useState(false);
  const estimate = useStorageEstimate(offer);

  const start = () => {
    setOffer(null);
    const userId = deviceUserId();
    if (!userId) return;
    void downloadCourse(courseId, userId).catch((error: unknown) => {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      notify({ title: 'Download failed', description: message ?? 'The course could not be downloaded. Please try again.', variant: 'destructive' });
    });
  };
  const ask = async () => {
    setAsking(true);
    try {
      setOffer((await (await apiRequest('POST', `/api/courses/${encodeURIComponent(courseId)}/download`)).json()) as DownloadPackage);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      notify({ title: 'Download failed', description: message ?? 'The course could not be downloaded. Please try again.', variant: 'destructive' });
    } finally {
      setAsking(false);
    }
  };

  if (download === undefined) return null;
  if (download) {
    const percent = downloadedPercent(download);
    if (download.state === 'complete') {
      return (
        <Text data-testid="download-state">
          Available offline · <TextLink to={DOWNLOADS_PATH}>Downloads</TextLink>
        </Text>
      );
    }
    return (
      <div className={styles.box}>
        <Field label={download.state === 'downloading' ? `Downloading… ${percent}%` : `Downloaded ${percent}%`} validationState="none">
          <ProgressBar value={percent / 100} aria-valuetext={`${percent}% downloaded`} />
        </Field>
        {download.problem ? (
          <Text className={styles.problem} role="status">
            {download.problem}
          </Text>
        ) : null}
        {download.state !== 'downloading' ? (
          <Button size="small" disabled={!online} onClick={start} aria-label={`Resume download of ${title}`}>
            Resume download
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <Button
        icon={<DownloadIcon />}
        disabled={!online || asking}
        aria-busy={asking || undefined}
        onClick={() => void ask()}
        aria-label={`Download for offline: ${title}`}
      >
        Download for offline
      </Button>
      {offer ? (
        <Dialog open onOpenChange={(_, data) => !data.open && setOffer(null)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Download for offline</DialogTitle>
              <DialogContent>
                <Text as="p">
                  {title} takes {formatBytes(offer?.totalBytes ?? 0)} on this device.
                  {estimate ? ` Space available: ${formatBytes(Math.max(0, estimate.quota - estimate.usage))}.` : ''}
                </Text>
                <Text as="p">
                  You can play it without a connection until {offer ? formatDate(offer.licenceExpiresAt) : ''}; each time you are online it is renewed.
                </Text>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={() => setOffer(null)}>
                  Cancel
                </Button>
                <Button appearance="primary" onClick={start}>
                  Download
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}

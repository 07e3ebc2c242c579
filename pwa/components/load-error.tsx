/** What a catalogue screen shows when its data could not be loaded (offline and not saved, or a server error). */
import { Button } from '@fluentui/react-components';
import { OfflineMissError } from '@pwa/catalogue/api/catalogue-source';
import { OfflineIcon } from '@pwa/components/icons';
import { EmptyState } from './empty-state';

export function isOfflineMiss(error: unknown): boolean {
  return error instanceof OfflineMissError;
}

export function LoadError({ error, onRetry, what = 'courses' }: { error: unknown; onRetry?: () => void; what?: string }) {
  if (isOfflineMiss(error)) {
    return (
      <EmptyState
        icon={<OfflineIcon size={56} />}
        title="You're offline"
        description={`These ${what} have not been saved on this device yet. Reconnect to the internet to load them; once loaded they stay available offline.`}
        action={onRetry ? <Button onClick={onRetry}>Try Again</Button> : undefined}
      />
    );
  }
  return (
    <EmptyState
      title={`We couldn't load the ${what}`}
      description="Something went wrong on our side. Please try again in a moment."
      action={
        onRetry ? (
          <Button appearance="primary" onClick={onRetry}>
            Try Again
          </Button>
        ) : undefined
      }
    />
  );
}

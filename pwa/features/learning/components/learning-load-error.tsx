/** A learning read that failed: offline, it says so (these pages are read from the server, never a saved copy); otherwise the app's load error. */
import { Button } from '@fluentui/react-components';
import { EmptyState } from '@pwa/components/empty-state';
import { OfflineIcon } from '@pwa/components/icons';
import { LoadError } from '@pwa/components/load-error';
import { useOnline } from '@pwa/offline/use-online';

export function LearningLoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const online = useOnline();
  if (!online || error instanceof TypeError) {
    return (
      <EmptyState
        icon={<OfflineIcon size={56} />}
        title="You're offline"
        description={`Your ${what} needs a connection. Reconnect to the internet and try again; what you watched offline is sent then.`}
        action={<Button onClick={onRetry}>Try Again</Button>}
      />
    );
  }
  return <LoadError error={error} what={what} onRetry={onRetry} />;
}

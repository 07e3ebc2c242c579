/**
 * Registers the service worker (through workbox-window) and, when a new version is waiting,
 * offers to reload into it.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useRegisterSW } from 'virtual:pwa-register/react';

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    left: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1000,
    maxWidth: '28rem',
    boxShadow: tokens.shadow16,
  },
});

export function UpdatePrompt() {
  const styles = useStyles();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  if (!needRefresh) return null;
  return (
    <MessageBar className={styles.root} intent="info" role="status">
      <MessageBarBody>
        <MessageBarTitle>A new version is available</MessageBarTitle>
        Reload to get the latest catalogue screens.
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
        <Button onClick={() => setNeedRefresh(false)}>Later</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

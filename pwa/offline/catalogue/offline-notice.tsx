import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useShowingSavedCatalogue } from './offline-status';

export const OFFLINE_NOTICE_TEXT = 'You are offline, showing saved catalogue';

/** Visible whenever a screen is rendering the catalogue from the device's saved copy. */
export function OfflineNotice() {
  const showing = useShowingSavedCatalogue();
  if (!showing) return null;
  return (
    <MessageBar intent="warning" role="status" data-testid="offline-notice">
      <MessageBarBody>{OFFLINE_NOTICE_TEXT}. Prices and availability are confirmed when you are back online.</MessageBarBody>
    </MessageBar>
  );
}

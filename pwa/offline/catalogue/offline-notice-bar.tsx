import { MessageBar, MessageBarBody } from '@fluentui/react-components';

export const OFFLINE_NOTICE_TEXT = 'You are offline, showing saved catalogue';

/** The notice itself (offline-notice.tsx shows it): Fluent's MessageBar, kept out of the first load. */
export function OfflineNoticeBar() {
  return (
    <MessageBar intent="warning" role="status" data-testid="offline-notice">
      <MessageBarBody>{OFFLINE_NOTICE_TEXT}. Prices and availability are confirmed when you are back online.</MessageBarBody>
    </MessageBar>
  );
}

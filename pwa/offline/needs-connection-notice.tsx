/**
 * Said plainly on the screens that cannot work offline (paying, signing in): what needs a
 * connection, and that nothing is lost (the cart stays on this device).
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

export function NeedsConnectionNotice({ action }: { action: string }) {
  return (
    <MessageBar intent="warning" layout="multiline" role="status" data-testid="needs-connection">
      <MessageBarBody>
        <MessageBarTitle>You are offline</MessageBarTitle>
        {action} needs an internet connection. Your cart is saved on this device; you can continue as soon as you are back online.
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * Said plainly on the screens that cannot work offline (paying, signing in, changing a booking):
 * what needs a connection, and that nothing is lost (by default: the cart stays on this device).
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

const CART_KEPT = 'Your cart is saved on this device; you can continue as soon as you are back online.';

export function NeedsConnectionNotice({ action, detail = CART_KEPT }: { action: string; detail?: string }) {
  return (
    <MessageBar intent="warning" layout="multiline" role="status" data-testid="needs-connection">
      <MessageBarBody>
        <MessageBarTitle>You are offline</MessageBarTitle>
        {action} needs an internet connection. {detail}
      </MessageBarBody>
    </MessageBar>
  );
}

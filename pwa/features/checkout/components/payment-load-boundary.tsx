/** Catches a payment form that fails to load (its chunk or Stripe.js unreachable) and says so. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class PaymentLoadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The payment form failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>The payment form could not be loaded</MessageBarTitle>
          Check your connection and reload the page. Nothing has been charged.
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}

/** Where the payment form would be, when a payment could not be set up: what happened and what to do. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export function SetupError({ title, message, onRetry, children }: { title: string; message: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
      </MessageBarBody>
      <MessageBarActions>
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        {children}
      </MessageBarActions>
    </MessageBar>
  );
}

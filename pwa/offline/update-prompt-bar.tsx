import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';

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

export interface UpdatePromptBarProps {
  onReload: () => void;
  onLater: () => void;
}

/** The offer itself (update-prompt.tsx shows it): Fluent's MessageBar, kept out of the first load. */
export function UpdatePromptBar({ onReload, onLater }: UpdatePromptBarProps) {
  const styles = useStyles();
  return (
    <MessageBar className={styles.root} intent="info" role="status">
      <MessageBarBody>
        <MessageBarTitle>A new version is available</MessageBarTitle>
        Reload to get the latest catalogue screens.
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={onReload}>
          Reload
        </Button>
        <Button onClick={onLater}>Later</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/**
 * "Remind me" for live sessions (issue 15): turns push reminders on for this device (the browser
 * asks for permission only when the button is pressed) or off again; on the profile also the
 * account's choices, push on all devices and e-mail when no device can be notified.
 */
import { Button, Card, MessageBar, MessageBarBody, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReminderPreferences } from '@contracts/push';
import { ApiError } from '@pwa/lib/api-client';
import { useThisDevice } from '../hooks/use-this-device';
import { useUpdateReminderPreferences } from '../api/update-reminder-preferences';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  switches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const errorText = (error: unknown) => {
  if (error instanceof ApiError) return error.serverMessage ?? 'The server could not save this. Please try again.';
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
};

export interface ReminderControlsProps {
  /** The account's choices (from the profile); the switches show only with them. */
  preferences?: ReminderPreferences;
  /** The heading's level on its page. */
  headingLevel?: 'h2' | 'h3';
}

export function ReminderControls({ preferences, headingLevel = 'h2' }: ReminderControlsProps) {
  const styles = useStyles();
  const device = useThisDevice(true);
  const update = useUpdateReminderPreferences();
  const Heading = headingLevel;
  const error = device.turnOn.error ?? device.turnOff.error ?? update.error;

  const turnOn = () =>
    device.turnOn.mutate(undefined, {
      // Asking for reminders on a device also means wanting push on the account.
      onSuccess: () => {
        if (preferences && !preferences.push) update.mutate({ ...preferences, push: true });
      },
    });

  return (
    <Card className={styles.card} aria-labelledby="session-reminders-title">
      <Heading id="session-reminders-title" className={styles.title}>
        Session reminders
      </Heading>
      <Text>Get a notification 24 hours and 15 minutes before your live sessions start.</Text>
      {!device.supported ? (
        <Text>This browser cannot show notifications from the app{preferences?.email === false ? '.' : ': your reminders come by e-mail.'}</Text>
      ) : device.checking ? (
        <Spinner size="tiny" label="Checking this device…" />
      ) : device.on ? (
        <div className={styles.row}>
          <Text weight="semibold" role="status">
            Reminders are on for this device.
          </Text>
          <Button onClick={() => device.turnOff.mutate()} disabled={device.turnOff.isPending}>
            Turn off reminders
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <Button appearance="primary" onClick={turnOn} disabled={device.turnOn.isPending}>
            Remind me
          </Button>
          {device.turnOn.isPending ? <Spinner size="tiny" label="Turning reminders on…" /> : null}
        </div>
      )}
      {preferences ? (
        <div className={styles.switches}>
          <Switch
            label="Notifications on my devices"
            checked={preferences.push}
            disabled={update.isPending}
            onChange={(_, data) => update.mutate({ ...preferences, push: data.checked })}
          />
          <Switch
            label="E-mail me when no device of mine can be notified"
            checked={preferences.email}
            disabled={update.isPending}
            onChange={(_, data) => update.mutate({ ...preferences, email: data.checked })}
          />
        </div>
      ) : null}
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(error)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </Card>
  );
}

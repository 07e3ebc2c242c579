/**
 * How long this checkout keeps its seats (the server holds them for 10 minutes, then gives them
 * to other buyers). Counts down in whole minutes — a screen reader hears it change once a minute,
 * not every second — and once the hold has run out offers to hold the seats again.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000));
}

/**
 * How long until the time left next reaches a whole 5 seconds: the minutes shown can change only
 * then (a minute is twelve of them), so the countdown looks again at each such boundary.
 */
export function nextTickIn(expiresAt: string, now: number): number {
  const rest = (new Date(expiresAt).getTime() - now) % 5_000;
  return rest > 0 ? rest : 5_000;
}

export function SeatHoldNotice({ expiresAt, onRenew }: { expiresAt: string; onRenew: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A chain of timeouts, each to the next boundary, until the hold has run out.
    let timer: number | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (minutesLeft(expiresAt, at) > 0) timer = window.setTimeout(tick, nextTickIn(expiresAt, at));
    };
    timer = window.setTimeout(tick, nextTickIn(expiresAt, Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
  const left = minutesLeft(expiresAt, now);
  const until = new Date(expiresAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (left === 0) {
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>Your seat hold has expired, so the seats may go to someone else.</MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRenew}>Hold seats again</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <span role="status">
          Your seats are held until {until} ({left} minute{left === 1 ? '' : 's'} left).
        </span>{' '}
        Complete your payment before then to keep them.
      </MessageBarBody>
    </MessageBar>
  );
}

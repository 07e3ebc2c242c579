/** The current time, renewed every `ms` while `active` (a chain of timeouts: no setInterval). */
import { useEffect, useState } from 'react';
import { repeatAfter } from '@pwa/lib/repeat';

export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    return repeatAfter(ms, () => setNow(Date.now()));
  }, [active, ms]);
  return now;
}

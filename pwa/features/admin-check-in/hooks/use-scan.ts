/**
 * One scan, decided at once from the device's list (`decideScan`), said in the live region, and —
 * when it is recorded — kept on the list (in memory and on the device) and queued in the outbox,
 * which sends it when it can. A refusal by the server (the list was older than a refund) is said
 * too, and the list is read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import type { CheckInKind, CheckInList } from '@contracts/check-in';
import { ApiError } from '@pwa/lib/api-client';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { checkInKeys } from '../api/check-in-keys';
import { checkInsUrl, keepList } from '../api/check-in-list';
import { sendCheckIn } from '../api/send-check-in';
import { byTicketHash, canonicalCode, decideScan, outcomeMessage, withScan } from '../lib/scan-decision';
import { ticketHash } from '../lib/ticket-hash';

export interface ScanResult {
  text: string;
  tone: 'success' | 'warning' | 'danger';
  /** Counts up with every result, so the same words said twice are announced twice. */
  seq: number;
}

const DEVICE_KEY = 'check-in-device';

/** This scanner's own id, sent with its check-ins. */
function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return 'unknown';
  }
}

export function useScan(courseId: string) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ScanResult | null>(null);
  const seq = useRef(0);
  const say = useCallback((message: Omit<ScanResult, 'seq'>) => setResult({ ...message, seq: ++seq.current }), []);

  const scan = useCallback(
    async (scanned: string, direction: CheckInKind) => {
      const key = checkInKeys.list(courseId);
      const code = canonicalCode(scanned);
      const hash = code ? await ticketHash(code) : null;
      const list = queryClient.getQueryData<CheckInList>(key);
      if (!list) return;
      const outcome = decideScan(list, byTicketHash(list), scanned, hash, direction);
      say(outcomeMessage(outcome));
      if (outcome.kind !== 'recorded') return;
      const at = new Date().toISOString();
      const next = withScan(list, outcome.ticketHash, direction, at);
      queryClient.setQueryData(key, next);
      await keepList(courseId, next);
      sendCheckIn(courseId, { ticket: outcome.code, kind: direction, at, deviceId: deviceId() }).catch((error: unknown) => {
        // Kept for later (KeptForLaterError, by name: its class would be one more chunk): the outbox sends it.
        if (error instanceof Error && error.name === 'KeptForLaterError') return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          say({ text: `Not recorded — ${outcome.name}: ${error.serverMessage ?? error.message}`, tone: 'danger' });
          void queryClient.invalidateQueries({ queryKey: key });
        }
      });
    },
    [courseId, queryClient, say],
  );

  // Scans of this course still waiting to be sent (kept current as the outbox changes).
  const waiting = useLiveQuery(
    () =>
      adminDb()
        .outbox.where('status')
        .equals('queued')
        .filter((entry) => entry.url === checkInsUrl(courseId))
        .count(),
    [courseId],
    0,
  );

  return { scan, result, waiting };
}

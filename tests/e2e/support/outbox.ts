/** The e2e server writes mail to a local outbox file; tests read sign-in codes from it. */
import os from 'node:os';
import path from 'node:path';
import { readOutbox } from '@api/integrations/mail';

export function e2eOutboxFile(port: string | number = process.env.E2E_PORT ?? 4319): string {
  return path.join(os.tmpdir(), `training-e2e-outbox-${port}.jsonl`);
}

/** Waits for the newest sign-in code mailed to `email` after `since` messages to it. */
export async function latestCode(email: string, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readOutbox(e2eOutboxFile()).filter((m) => m.to === email.toLowerCase());
    if (mails.length > since) {
      const match = /works once\.\s+(\d{6})/.exec(mails[mails.length - 1]!.text);
      if (match) return match[1]!;
      throw new Error(`the newest mail to ${email} has no code`);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function mailCount(email: string): number {
  return readOutbox(e2eOutboxFile()).filter((m) => m.to === email.toLowerCase()).length;
}

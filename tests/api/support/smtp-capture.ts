/** A real SMTP server on an ephemeral port that keeps every message it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** The newest message to `to`, waiting briefly for it to arrive. */
  latestTo(to: string, count?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async latestTo(to, count = 1) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const matching = messages.filter((m) => m.to.includes(to.toLowerCase()));
        if (matching.length >= count) return matching[matching.length - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} (have ${messages.length} messages)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code from a sign-in mail's text. */
export function codeFrom(mail: CapturedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, ''); // undo quoted-printable soft line breaks
  const match = /expires in 10 minutes and works once\.\s*(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in mail:\n${mail.raw.slice(0, 2000)}`);
  return match[1]!;
}

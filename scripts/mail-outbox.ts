/** `npm run mail:outbox`: prints the mail the server wrote to its local outbox (newest last). */
import { loadConfig } from '../api/config';
import { readOutbox } from '../api/integrations/mail';

const config = loadConfig();
const limit = Number(process.argv[2] ?? 10);
const entries = readOutbox(config.mailOutboxFile).slice(-limit);
if (entries.length === 0) {
  console.log(`The outbox (${config.mailOutboxFile}) is empty. Mail appears here when SMTP_URL is not set.`);
} else {
  for (const entry of entries) {
    console.log(`──────── ${entry.sentAt}\nTo: ${entry.to}\nSubject: ${entry.subject}\n\n${entry.text}\n`);
  }
}

/**
 * Every 15 minutes: self-reported certificates whose PDF never followed their line within the hour
 * are deleted (a certificate from elsewhere is kept only with its PDF). Safe in any number of
 * processes: a line is deleted once, by a conditional DELETE.
 */
import type { CreditsWalletService } from '../services/certificates/credits-wallet';
import type { PeriodicJob } from './definitions';

export function selfReportedSweepJob(wallet: CreditsWalletService): PeriodicJob {
  return {
    name: 'self-reported-sweep',
    everySeconds: 15 * 60,
    async run({ now, logger }) {
      const dropped = await wallet.dropLinesWithoutPdf(now);
      if (dropped > 0) logger.info(`Dropped ${dropped} self-reported certificate(s) whose PDF never came`);
    },
  };
}

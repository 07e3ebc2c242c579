/**
 * `npm test`: lints (import boundaries included), builds the PWA, runs the unit and API suites (vitest, SQLite), then the browser
 * suite (Playwright in Debian's Chromium). Stops early with an instruction when Chromium is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightCounts, run, summarize, vitestCounts } from './run-steps';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `The browser tests need Debian's Chromium at ${chromium}, which is not installed.\n` +
      'Install it with:  sudo apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at another Chromium binary), then run npm test again.',
  );
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'training-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

// Lint first: it is fast, and it keeps the format (Prettier) and the import boundaries (eslint.config.js).
const lintCode = run('npm', ['run', 'lint']);
if (lintCode !== 0) {
  console.error('Lint failed (see above); not running the tests.');
  process.exit(lintCode);
}
const buildCode = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (buildCode !== 0) {
  console.error('The PWA build failed; not running the tests.');
  process.exit(buildCode);
}
const unitCode = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]);
const e2eCode = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
summarize('npm test', [vitestCounts(vitestReport), playwrightCounts(playwrightReport)], [unitCode, e2eCode], ['vitest', 'playwright']);

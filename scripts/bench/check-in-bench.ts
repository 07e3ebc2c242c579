/**
 * `npm run bench:check-in [-- --rounds=20 --cpu=4]` (issue 30, point 5): the door scanner's decision
 * on a typed ticket code, offline, in Debian's Chromium at 4× CPU throttling. Target: at most 100 ms.
 *
 * The real app serves `dist/` (build first) over a bench database with a live seminar, its seat
 * holders (their codes read through `GET /api/me/courses/:id/ticket`) and a staff member, whose
 * token the browser is given. The scanner (/admin/check-in/:courseId) is opened once online (the
 * attendee list is then on the device), the connection is cut, the CPU slowed, and each round
 * submits four codes: a first check-in (a new attendee each round), the same ticket again
 * ("Already checked in"), an unknown code (this seminar's, one character off) and another
 * session's ticket. Each decision is timed in the page, from the form's `submit` event to the
 * "Scan result" live region's change (performance.now()). The first round counts too: it is a
 * door's first scan. Figures print as a Markdown table and go to bench-results/check-in.json.
 * Never part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { displayTicketCode } from '@contracts/check-in';
import { serveSeminar } from './serve-seminar';
import { percentile } from './percentile';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROUNDS = Number(arg('rounds', '20'));
const CPU_SLOWDOWN = Number(arg('cpu', '4'));
const TARGET_MS = 100;
const DIST = path.resolve(arg('dist', path.resolve(import.meta.dirname, '..', '..', 'dist')));

const CASES = ['first check-in', 'same ticket again', 'unknown code', "another session's ticket"] as const;
type Case = (typeof CASES)[number];

/**
 * Times each decision in the page: from the code's submission to the first change of the result's
 * live region. A string: tsx's helpers do not exist in the page.
 */
const OBSERVE = `(() => {
  const region = document.querySelector('[role="status"][aria-label="Scan result"]');
  if (!region) throw new Error('No "Scan result" region');
  window.__scans = [];
  let started = 0;
  document.addEventListener('submit', () => { started = performance.now(); }, true);
  new MutationObserver(() => {
    if (started) window.__scans.push({ ms: performance.now() - started, text: region.textContent });
    started = 0;
  }).observe(region, { childList: true, subtree: true, characterData: true });
})()`;

/** Types `code` in the scanner's field, submits it, and returns the decision's time once the region says `expected`. */
async function decide(page: Page, code: string, expected: RegExp): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __scans: unknown[] }).__scans.length);
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => (window as unknown as { __scans: unknown[] }).__scans.length > n, before, { timeout: 10_000 });
  const scan = await page.evaluate((n) => (window as unknown as { __scans: Array<{ ms: number; text: string }> }).__scans[n]!, before);
  if (!expected.test(scan.text)) throw new Error(`The scanner said "${scan.text}" for ${code}, not ${expected}`);
  return scan.ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (ms: number) => Math.round(ms * 10) / 10;

if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`Build the PWA first (npm run build): no ${DIST}/index.html`);
const served = await serveSeminar(DIST, ROUNDS);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const times: Record<Case, number[]> = Object.fromEntries(CASES.map((c) => [c, []])) as unknown as Record<Case, number[]>;
try {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    serviceWorkers: 'allow',
    storageState: { cookies: [], origins: [{ origin: served.base, localStorage: [{ name: 'auth_token', value: served.staffToken }] }] },
  });
  const page = await context.newPage();
  // Once online: the attendee list is read and kept on the device.
  await page.goto(`${served.base}/admin/check-in/${served.courseId}`);
  await page.getByRole('heading', { level: 1, name: `Check-in: ${served.title}` }).waitFor({ timeout: 30_000 });
  await page.getByText(`0 of ${ROUNDS} checked in`).waitFor();
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('training-back-office');
        open.onsuccess = () => {
          const read = open.result.transaction('snapshots').objectStore('snapshots').count();
          read.onsuccess = () => resolve(read.result > 0);
        };
        open.onerror = () => resolve(false);
      }),
  );
  // Offline for the page and its service worker (Chromium's offline emulation misses the worker's own requests).
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate(OBSERVE);

  const other = displayTicketCode(served.otherSessionCode);
  for (const [at, holder] of served.holders.entries()) {
    const printed = displayTicketCode(holder.code);
    const name = holder.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    times['first check-in'].push(await decide(page, printed, new RegExp(`^Checked in: ${name}$`)));
    // The check-in is kept on the device before the next ticket comes (a door's scans are seconds apart).
    await page.getByText(`${at + 1} of ${ROUNDS} checked in`).waitFor();
    await page.getByText(`${at + 1} ${at === 0 ? 'scan' : 'scans'} waiting to be sent`).waitFor();
    times['same ticket again'].push(await decide(page, printed, new RegExp(`^Already checked in at .+ — ${name}$`)));
    const wrong = printed.slice(0, -1) + (printed.endsWith('A') ? 'B' : 'A');
    times['unknown code'].push(await decide(page, wrong, /^Unknown ticket$/));
    times["another session's ticket"].push(await decide(page, other, /^This ticket is for another session$/));
  }
  await context.close();
} finally {
  await browser.close();
  await served.close();
}

console.log(`\n### The scanner's decision on a typed ticket, offline, ${CPU_SLOWDOWN}× CPU slowdown, ${ROUNDS} rounds (target ≤ ${TARGET_MS} ms)\n`);
console.log('| case | median (ms) | p95 (ms) | max (ms) | within target |');
console.log('|---|---:|---:|---:|---|');
const cases = Object.fromEntries(
  CASES.map((c) => {
    const figures = { median: round1(median(times[c])), p95: round1(percentile(times[c], 95)), max: round1(Math.max(...times[c])) };
    console.log(`| ${c} | ${figures.median} | ${figures.p95} | ${figures.max} | ${figures.max <= TARGET_MS ? 'yes' : 'no'} |`);
    return [c, { ...figures, each: times[c].map(round1) }];
  }),
);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync('bench-results/check-in.json', JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, rounds: ROUNDS, targetMs: TARGET_MS, cases }, null, 2));
process.exit(0);

/**
 * `npm run bench:exam-answer [-- --clicks=20 --pause=1000 --cpu=4]` (issue 31, benchmarks): the exam
 * screen's answer click → saved, in Debian's Chromium at 4× CPU throttling.
 *
 * The real app serves `dist/` (build first) over a bench database with a recorded course, a final
 * exam of 20 single-choice questions made through the staff API, and an entitled customer whose
 * token the browser is given. The exam (/learn/:courseId/assessments/:assessmentId) is started, the
 * CPU slowed, and each question is answered once by clicking an option, `--pause` ms apart (longer
 * than the autosave's pause, so each click is its own save). Timed in the page (performance.now()),
 * from the click event:
 * - kept on the device: the answer written to localStorage (`exam-answers:<attempt>`);
 * - PUT sent: `PUT /api/attempts/:id/answers` handed to fetch — the autosave's debounce (400 ms)
 *   plus the work before it;
 * - PUT round trip: from sending to the response having arrived;
 * - saved: the first frame after the response at which the answer is no longer unsent on the
 *   device and the save status reads "Saved".
 * The status reads "Saved" while a change waits for its debounce too (the screen has no "Saving…"
 * state), so "saved" is read from the acknowledgement, not from a change of the text. Figures print
 * as a Markdown table and go to bench-results/exam-answer.json. Never part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { serveExam } from './serve-exam';
import { percentile } from './percentile';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const QUESTIONS = 20;
const CLICKS = Math.min(QUESTIONS, Number(arg('clicks', arg('runs', String(QUESTIONS)))));
const PAUSE_MS = Number(arg('pause', '1000'));
const CPU_SLOWDOWN = Number(arg('cpu', '4'));
const DIST = path.resolve(arg('dist', path.resolve(import.meta.dirname, '..', '..', 'dist')));

interface Click {
  at: number;
  questionId: string;
  optionId: string;
  kept?: number;
  sent?: number;
  acknowledged?: number;
  saved?: number;
}

/**
 * Watches the page from its first script: clicks on an answer, writes of the kept answers, and the
 * answers' PUTs (fetch wrapped). A string: tsx's helpers do not exist in the page.
 */
const OBSERVE = `(() => {
  const clicks = [];
  window.__examClicks = clicks;
  const last = () => clicks[clicks.length - 1];
  document.addEventListener('click', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.name.startsWith('q-')) return;
    const now = performance.now();
    const at = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    clicks.push({ at, questionId: input.name.slice(2), optionId: input.value });
  }, true);
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    const click = last();
    if (!click || click.kept !== undefined || !String(key).startsWith('exam-answers:')) return;
    const kept = JSON.parse(value);
    if ((kept.answers[click.questionId] || []).includes(click.optionId)) click.kept = performance.now();
  };
  const unsent = (questionId) => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith('exam-answers:') && JSON.parse(localStorage.getItem(key)).unsent[questionId] !== undefined) return true;
    }
    return false;
  };
  const fetchBefore = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    const click = last();
    const isSave = init && init.method === 'PUT' && /\\/api\\/attempts\\/[^/]+\\/answers$/.test(url);
    if (!isSave || !click || click.sent !== undefined || !String(init.body).includes(click.questionId)) return fetchBefore.call(this, input, init);
    click.sent = performance.now();
    const response = await fetchBefore.call(this, input, init);
    click.acknowledged = performance.now();
    const look = () => {
      const status = document.querySelector('[data-testid="exam-save-status"]');
      if (status && status.textContent === 'Saved' && !unsent(click.questionId)) click.saved = performance.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    return response;
  };
})()`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (ms: number) => Math.round(ms * 10) / 10;

if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`Build the PWA first (npx vite build): no ${DIST}/index.html`);
const served = await serveExam(DIST, QUESTIONS);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let clicks: Click[] = [];
try {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    serviceWorkers: 'allow',
    storageState: { cookies: [], origins: [{ origin: served.base, localStorage: [{ name: 'auth_token', value: served.token }] }] },
  });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  await page.goto(`${served.base}/learn/${served.courseId}/assessments/${served.assessmentId}`);
  await page.getByRole('button', { name: 'Start exam' }).click({ timeout: 30_000 });
  await page.getByTestId('exam-summary').waitFor({ timeout: 30_000 });
  await page.getByText(`Answered 0 of ${QUESTIONS}`).waitFor();
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  for (let n = 0; n < CLICKS; n++) {
    const question = page.getByRole('group', { name: new RegExp(`^Question ${n + 1} of ${QUESTIONS}\\b`) });
    // Options B, C, D in turn (A is the right one; the answer's correctness changes nothing here).
    await question
      .getByRole('radio')
      .nth(1 + (n % 3))
      .click();
    await page.waitForFunction((at) => (window as unknown as { __examClicks: Click[] }).__examClicks[at]?.saved !== undefined, n, {
      timeout: 30_000,
    });
    await page.getByText(`Answered ${n + 1} of ${QUESTIONS}`).waitFor();
    await page.waitForTimeout(PAUSE_MS);
  }
  clicks = await page.evaluate(() => (window as unknown as { __examClicks: Click[] }).__examClicks);
  await context.close();
} finally {
  await browser.close();
  await served.close();
}

if (clicks.length !== CLICKS) throw new Error(`${clicks.length} clicks seen, ${CLICKS} made`);
const STEPS = {
  'click → kept on the device': (c: Click) => c.kept! - c.at,
  'click → PUT sent (debounce)': (c: Click) => c.sent! - c.at,
  'PUT round trip': (c: Click) => c.acknowledged! - c.sent!,
  'click → "Saved" (acknowledged)': (c: Click) => c.saved! - c.at,
};
console.log(`\n### The exam screen's answer click → saved, ${CPU_SLOWDOWN}× CPU slowdown, ${CLICKS} clicks ${PAUSE_MS} ms apart\n`);
console.log('| step | median (ms) | p95 (ms) | max (ms) |');
console.log('|---|---:|---:|---:|');
const steps = Object.fromEntries(
  Object.entries(STEPS).map(([step, time]) => {
    const times = clicks.map((c) => {
      const ms = time(c);
      if (!Number.isFinite(ms)) throw new Error(`A click lacks "${step}": ${JSON.stringify(c)}`);
      return ms;
    });
    const figures = { median: round1(median(times)), p95: round1(percentile(times, 95)), max: round1(Math.max(...times)) };
    console.log(`| ${step} | ${figures.median} | ${figures.p95} | ${figures.max} |`);
    return [step, { ...figures, each: times.map(round1) }];
  }),
);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(
  'bench-results/exam-answer.json',
  JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, questions: QUESTIONS, clicks: CLICKS, pauseMs: PAUSE_MS, debounceMs: 400, steps }, null, 2),
);
process.exit(0);

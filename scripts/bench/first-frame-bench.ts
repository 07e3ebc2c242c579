/**
 * `npm run bench:first-frame [-- --runs=5 --cpu=4 --dist=<folder>[,<folder>]]` (issue 29): the time to the
 * first frame of a video lesson in Debian's Chromium at 4× CPU throttling, served by the real app
 * from `dist/` (build first) with a recorded course whose video lesson was transcoded by the
 * transcode job (60 s of 1280×720 testsrc with sound), opened by an entitled customer who is signed
 * in (their token in localStorage). Target: at most 1.5 s.
 *
 * Measured in the page, from navigation start (performance.now() = 0) to the first video frame
 * the browser presented: the first `requestVideoFrameCallback` callback's `presentationTime`. The
 * player does not start by itself; the bench makes the <video> muted and `autoplay` the moment it
 * enters the page, as a learner pressing Play at once would (a paused video shows its poster, not
 * a frame). A lesson opened from its shell shows the shell's early player first (its <video>
 * with the browser's controls, which the app's player later takes on): that is the first <video>
 * in the page, and when the app's player is there is printed too. Cold: a new browser context each run (no cache, no service worker); warm: the same
 * lesson opened again in that context once the first visit has settled. Where the time goes is
 * printed too (when each request's answer had arrived, from Resource Timing). Results also go to
 * bench-results/first-frame.json. Never part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { WATCH_FIRST_FRAME, WHOLE_APP_STORED, evaluateIn as evaluate, resourceMilestones, waitFor } from './page-probe';
import { median, spread } from './percentile';
import { serveLesson, type ServedLesson } from './serve-lesson';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '5'));
const CPU_SLOWDOWN = Number(arg('cpu', '4'));
const TARGET_MS = 1500;
// Other builds can be measured with --dist=<folder>[,<folder>…] (e.g. an earlier commit's beside
// the current one, for a before/after): their runs alternate, so both meet the same machine.
const DISTS = arg('dist', path.resolve(import.meta.dirname, '..', '..', 'dist'))
  .split(',')
  .map((folder) => path.resolve(folder));

interface Run {
  cold: Visit;
  warm: Visit;
}

interface Visit {
  firstFrame: number;
  playing: number;
  loadeddata: number;
  video: number;
  mediaTime: number;
  /** When the app's player was in the page (0: not yet when the frame came). */
  appPlayer: number;
  /** When each milestone's request started and its answer had arrived (ms after navigation start). */
  milestones: Record<string, [number, number]>;
}

/**
 * When the app's player (its own controls) is in the page: before it, a lesson opened from its
 * shell shows the early player's video with the browser's controls (pwa/features/learning/early).
 */
const WATCH_APP_PLAYER = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="group"][aria-label^="Video player"]')) return;
    observer.disconnect();
    window.__appPlayer = performance.now();
  }).observe(document, { subtree: true, childList: true });
`;

/** Which Resource Timing entry each milestone is: its address's pattern (the first match). */
const MILESTONES: Array<[string, string]> = [
  ['app script', '/assets/index-[^/]*\\.js$'],
  // The lesson shell's script that starts the lesson's reads before the app runs (contracts/route-shells.ts).
  ['early-read script', '/assets/run-early-reads-[^/]*\\.js$'],
  ['lesson page code', '/assets/learn-lesson-page-[^/]*\\.js$'],
  ['lesson answer', '/api/lessons/[^/]+$'],
  ['playback answer', '/api/lessons/[^/]+/playback$'],
  ['hls.js code', '/assets/hls\\.light-[^/]*\\.js$'],
  ['hls.js worker', '/assets/hls\\.worker-[^/]*\\.js$'],
  ['master playlist', '/master\\.m3u8$'],
  ['rendition playlist', '/index\\.m3u8$'],
  ['first segment', '/seg_\\d+\\.ts$'],
  ['poster', '/poster\\.jpg$'],
];

/**
 * Opens the lesson and waits, over the DevTools protocol (Playwright's own in-page script would
 * take the page's main thread while it loads), until the first frame has been presented.
 */
async function visit(page: Page, cdp: CDPSession, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit' });
  await waitFor(cdp, 'window.__ttff?.frame > 0 && window.__ttff.playing > 0 && window.__appPlayer > 0', `a video frame and the app's player on ${url}`);
  return evaluate<Visit>(
    cdp,
    `(() => {
      const t = window.__ttff;
      return { firstFrame: t.frame, playing: t.playing, loadeddata: t.loadeddata, video: t.video, mediaTime: t.mediaTime, appPlayer: window.__appPlayer ?? 0, milestones: ${resourceMilestones(MILESTONES)} };
    })()`,
  );
}

/** The first visit has settled: the service worker (installed on a first visit) controls the page with the whole app stored, then a quiet moment. */
async function settle(page: Page, cdp: CDPSession) {
  await waitFor(cdp, WHOLE_APP_STORED, 'the service worker in control, the whole app stored', 30_000);
  await page.waitForTimeout(2000);
}

async function run(browser: Browser, served: ServedLesson, base: string): Promise<Run> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'auth_token', value: served.token }] }] },
  });
  await context.addInitScript(WATCH_FIRST_FRAME);
  await context.addInitScript(WATCH_APP_PLAYER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const url = `${base}/learn/${served.courseId}/lessons/${served.lessonId}`;
  try {
    const cold = await visit(page, cdp, url);
    await settle(page, cdp);
    const warm = await visit(page, cdp, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const summary = (values: number[]) => {
  const { median: middle, min, max } = spread(values);
  return { median: Math.round(middle), min: Math.round(min), max: Math.round(max) };
};

/** The milestones' table of one build: the median of each request's start and of its answer's arrival. */
function milestones(runs: Run[]) {
  console.log('| milestone | cold | warm |');
  console.log('|---|---:|---:|');
  const row = (name: string, pick: (v: Visit) => number | [number, number] | undefined) => {
    const cell = (kind: 'cold' | 'warm') => {
      const picked = runs.map((r) => pick(r[kind])).filter((v) => v !== undefined && v !== 0);
      if (!picked.length) return '—';
      if (typeof picked[0] === 'number') return String(Math.round(median(picked as number[])));
      const pairs = picked as Array<[number, number]>;
      return `${Math.round(median(pairs.map((p) => p[0])))} → ${Math.round(median(pairs.map((p) => p[1])))}`;
    };
    console.log(`| ${name} | ${cell('cold')} | ${cell('warm')} |`);
  };
  for (const [name] of MILESTONES) row(name, (v) => v.milestones[name]);
  row('<video> in the page', (v) => v.video);
  row('`loadeddata`', (v) => v.loadeddata);
  row('first frame presented', (v) => v.firstFrame);
  row('the app’s player (its controls)', (v) => v.appPlayer);
}

for (const dist of DISTS) if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`Build the PWA first (npm run build): no ${dist}/index.html`);
const served = await serveLesson(DISTS);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const runs: Run[][] = DISTS.map(() => []);
try {
  // One visit of each build first, not counted: the server's and the operating system's caches warm up.
  for (const base of served.bases) await run(browser, served, base);
  for (let i = 0; i < RUNS; i++) for (const [at, base] of served.bases.entries()) runs[at]!.push(await run(browser, served, base));
} finally {
  await browser.close();
  await served.close();
}

console.log(
  `\n### Time to first frame of a video lesson, ${CPU_SLOWDOWN}× CPU slowdown, ${RUNS} runs (${served.renditions.join(' + ')} HLS; target ≤ ${TARGET_MS} ms)\n`,
);
console.log('| build | visit | first frame, median (ms) | range (ms) | `playing` event, median (ms) |');
console.log('|---|---|---:|---|---:|');
const builds = DISTS.map((dist, at) => {
  const build: Record<string, unknown> = { dist };
  for (const kind of ['cold', 'warm'] as const) {
    const visits = runs[at]!.map((r) => r[kind]);
    const frames = summary(visits.map((v) => v.firstFrame));
    build[kind] = { firstFrame: frames, playing: summary(visits.map((v) => v.playing)), each: visits };
    console.log(`| ${dist} | ${kind} | ${frames.median} | ${frames.min}–${frames.max} | ${Math.round(median(visits.map((v) => v.playing)))} |`);
  }
  return build;
});
for (const [at, dist] of DISTS.entries()) {
  console.log(`\nWhere the time goes, ${dist} (medians, ms after navigation start: each request's start → its answer's arrival)\n`);
  milestones(runs[at]!);
}
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(
  'bench-results/first-frame.json',
  JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, renditions: served.renditions, targetMs: TARGET_MS, builds }, null, 2),
);
process.exit(0);

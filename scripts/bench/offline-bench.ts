/**
 * `npm run bench:offline [-- --runs=5 --cpu=4 --download-cpu=1 --seconds=120 --dist=<folder>[,<folder>]]`
 * (issue 34): learning offline in Debian's Chromium, served by the real app from `dist/` (build
 * first) with its real service worker, over a recorded course whose video lesson was transcoded by
 * the transcode job (120 s of 1280×720 testsrc with grain and sound, so the progressive 720p MP4
 * comes out near its bitrate cap: about 44 MB), for an entitled customer who is signed in.
 *
 * Each run is a new browser context (nothing stored), which opens the course's content page and
 * waits until the service worker controls it, then measures:
 *  1. Download throughput, at `--download-cpu` (default: no slowdown): the app's own download,
 *     from the dialog's "Download" press to "Available offline" on the page (taken in the page by
 *     a MutationObserver; the chunks' requests from Resource Timing say where the time goes),
 *     beside a plain `fetch()` of the same file's address, read whole with `arrayBuffer()`, once
 *     before and once after the download. MB = 10⁶ bytes.
 *  2. The time to the first frame offline at `--cpu` slowdown: the context set offline, the lesson
 *     opened; measured as bench:first-frame does (the first `requestVideoFrameCallback`'s
 *     `presentationTime` after navigation start, the <video> made muted and `autoplay`).
 *  3. Seeks in that offline page (the video paused): 30 `fetch()`es of 256 KiB at random positions
 *     (`Range: bytes=a-b`) of `/offline/lessons/{lessonId}/video.mp4`, which the service worker
 *     answers from the stored chunks, each timed to its last byte; and five `video.currentTime = x`
 *     → `seeked`. The slowdown is set on the page; the service worker is a target of its own.
 * Results also go to bench-results/offline.json. Never part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { DOWNLOAD_CHUNK_BYTES } from '@contracts/offline-learning';
import { WATCH_FIRST_FRAME, WHOLE_APP_STORED, evaluateIn as evaluate, resourceMilestones, waitFor } from './page-probe';
import { median, percentile, spread } from './percentile';
import { serveLesson, type ServedLesson } from './serve-lesson';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '5'));
const CPU_SLOWDOWN = Number(arg('cpu', '4'));
const DOWNLOAD_CPU = Number(arg('download-cpu', '1'));
const SECONDS = Number(arg('seconds', '120'));
const NOISE = 30;
const RANGE_BYTES = 256 * 1024;
const RANGE_READS = 30;
const SEEKS_AT = [0.15, 0.85, 0.4, 0.6, 0.25];
// Other builds can be measured with --dist=<folder>[,<folder>…] (e.g. an earlier commit's beside
// the current one, for a before/after): their runs alternate, so both meet the same machine.
const DISTS = arg('dist', path.resolve(import.meta.dirname, '..', '..', 'dist'))
  .split(',')
  .map((folder) => path.resolve(folder));

/**
 * Installed before any of the page's scripts. Room for every request's timing (a download makes
 * dozens after the app's own); on a lesson, what bench:first-frame watches: the <video> made to
 * start as soon as it can, its events and its first presented frame. A string: tsx's helpers do
 * not exist in the page.
 */
const OBSERVE = `
  performance.setResourceTimingBufferSize(5000);
  if (location.pathname.includes('/lessons/')) {
    ${WATCH_FIRST_FRAME}
  }
`;

interface Download {
  /** From the dialog's "Download" press to "Available offline" shown, ms. */
  ms: number;
  /** ms after the press: the package's answer, the first chunk asked for, the last chunk's last byte. */
  packageAnswer: number;
  firstChunk: number;
  lastChunkEnd: number;
  /** Sum over the chunks of request → last byte, and of the time between one chunk's last byte and the next request. */
  onTheWire: number;
  between: number;
  chunks: number;
}

interface Visit {
  firstFrame: number;
  playing: number;
  loadeddata: number;
  loadedmetadata: number;
  video: number;
  milestones: Record<string, [number, number]>;
}

interface Run {
  download: Download;
  /** A plain fetch() of the file, ms: before and after the download. */
  plain: number[];
  offline: Visit;
  /** Each 256 KiB Range read from the service worker, ms. */
  ranges: number[];
  /** Each `currentTime = x` → `seeked`, ms. */
  seeks: number[];
}

const MILESTONES: Array<[string, string]> = [
  ['app script', '/assets/index-[^/]*\\.js$'],
  ['lesson page code', '/assets/learn-lesson-page-[^/]*\\.js$'],
];

/** Polls a condition in the page over the DevTools protocol (Playwright's in-page script stays out of the page). */
/** A fresh address of the video (the package's, with its media credential), fetched whole; ms. */
function plainFetch(cdp: CDPSession, served: ServedLesson): Promise<number> {
  return evaluate<number>(
    cdp,
    `(async () => {
      const answer = await fetch('/api/courses/${served.courseId}/download', { method: 'POST', headers: { Authorization: 'Bearer ' + localStorage.getItem('auth_token') } });
      const file = (await answer.json()).files.find((f) => f.file === 'video.mp4');
      const started = performance.now();
      const bytes = (await (await fetch(file.url, { cache: 'no-store' })).arrayBuffer()).byteLength;
      const ms = performance.now() - started;
      if (bytes !== ${served.progressiveBytes}) throw new Error('plain fetch: ' + bytes + ' bytes');
      return ms;
    })()`,
  );
}

/** "Download for offline", then "Download" in its dialog, as a learner does; timed in the page. */
async function appDownload(cdp: CDPSession): Promise<Download> {
  await waitFor(cdp, `!!document.querySelector('button[aria-label^="Download for offline"]:not([disabled])')`, 'the download button');
  await evaluate(cdp, `document.querySelector('button[aria-label^="Download for offline"]').click()`);
  const confirm = `[...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent.trim() === 'Download')`;
  await waitFor(cdp, `!!${confirm}`, 'the download dialog');
  await evaluate(
    cdp,
    `(() => {
      performance.clearResourceTimings();
      window.__download = { start: performance.now(), done: 0 };
      const complete = () => document.querySelector('[data-testid="download-state"]')?.textContent.includes('Available offline');
      new MutationObserver((_, observer) => { if (complete()) { window.__download.done = performance.now(); observer.disconnect(); } })
        .observe(document, { subtree: true, childList: true, characterData: true });
      ${confirm}.click();
    })()`,
  );
  await waitFor(cdp, 'window.__download.done > 0', '"Available offline"', 300_000);
  return evaluate<Download>(
    cdp,
    `(() => {
      const { start, done } = window.__download;
      const entries = performance.getEntriesByType('resource').filter((e) => e.startTime >= start);
      const pack = entries.find((e) => /\\/api\\/courses\\/[^/]+\\/download$/.test(new URL(e.name).pathname));
      const chunks = entries.filter((e) => new URL(e.name).pathname.endsWith('/video.mp4')).sort((a, b) => a.startTime - b.startTime);
      let onTheWire = 0, between = 0;
      chunks.forEach((c, i) => { onTheWire += c.responseEnd - c.startTime; if (i) between += c.startTime - chunks[i - 1].responseEnd; });
      return {
        ms: done - start,
        packageAnswer: pack ? pack.responseEnd - start : 0,
        firstChunk: chunks.length ? chunks[0].startTime - start : 0,
        lastChunkEnd: chunks.length ? chunks[chunks.length - 1].responseEnd - start : 0,
        onTheWire, between, chunks: chunks.length,
      };
    })()`,
  );
}

/** Opens the lesson and waits until its first frame has been presented (as bench:first-frame). */
async function visit(page: Page, cdp: CDPSession, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit' });
  await waitFor(cdp, 'window.__ttff?.frame > 0 && window.__ttff.playing > 0', `a video frame offline on ${url}`);
  return evaluate<Visit>(
    cdp,
    `(() => {
      const t = window.__ttff;
      return { firstFrame: t.frame, playing: t.playing, loadeddata: t.loadeddata, loadedmetadata: t.loadedmetadata, video: t.video, milestones: ${resourceMilestones(MILESTONES)} };
    })()`,
  );
}

/** Random 256 KiB windows of the stored video, read through the service worker (positions from a seeded generator: the same for every build). */
function rangeReads(cdp: CDPSession, served: ServedLesson, seed: number): Promise<number[]> {
  return evaluate<number[]>(
    cdp,
    `(async () => {
      document.querySelector('video').pause();
      let seed = ${seed};
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const times = [];
      for (let i = 0; i < ${RANGE_READS}; i++) {
        const start = Math.floor(random() * (${served.progressiveBytes} - ${RANGE_BYTES}));
        const started = performance.now();
        const answer = await fetch('/offline/lessons/${served.lessonId}/video.mp4', { headers: { Range: 'bytes=' + start + '-' + (start + ${RANGE_BYTES} - 1) } });
        const bytes = (await answer.arrayBuffer()).byteLength;
        times.push(performance.now() - started);
        if (answer.status !== 206 || bytes !== ${RANGE_BYTES}) throw new Error('Range read: ' + answer.status + ', ' + bytes + ' bytes');
      }
      return times;
    })()`,
  );
}

/** The paused <video> sought to a few positions: `currentTime = x` → `seeked`. */
function videoSeeks(cdp: CDPSession): Promise<number[]> {
  return evaluate<number[]>(
    cdp,
    `(async () => {
      const video = document.querySelector('video');
      video.pause();
      const times = [];
      for (const at of ${JSON.stringify(SEEKS_AT)}) {
        const started = performance.now();
        await Promise.race([
          new Promise((resolve) => { video.addEventListener('seeked', resolve, { once: true }); video.currentTime = at * video.duration; }),
          new Promise((_, reject) => setTimeout(() => reject(new Error('no seeked event at ' + at)), 30000)),
        ]);
        times.push(performance.now() - started);
      }
      return times;
    })()`,
  );
}

async function run(browser: Browser, served: ServedLesson, base: string, seed: number): Promise<Run> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'auth_token', value: served.token }] }] },
  });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: DOWNLOAD_CPU });
    await page.goto(`${base}/learn/${served.courseId}`);
    // The worker in control with the whole app stored, then a quiet moment.
    await waitFor(cdp, WHOLE_APP_STORED, 'the service worker in control, the whole app stored');
    await page.waitForTimeout(2000);
    const plain = [await plainFetch(cdp, served)];
    const download = await appDownload(cdp);
    plain.push(await plainFetch(cdp, served));

    await context.setOffline(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const offline = await visit(page, cdp, `${base}/learn/${served.courseId}/lessons/${served.lessonId}`);
    const ranges = await rangeReads(cdp, served, seed);
    const seeks = await videoSeeks(cdp);
    return { download, plain, offline, ranges, seeks };
  } finally {
    await context.close();
  }
}

const summary = spread;
const mbps = (ms: number) => served.progressiveBytes / 1000 / ms;
const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => String(Math.round(n));
const span = (values: number[], format: (n: number) => string) => {
  const s = summary(values);
  return `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
};

for (const dist of DISTS) if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`Build the PWA first (npm run build): no ${dist}/index.html`);
const served = await serveLesson(DISTS, { seconds: SECONDS, noise: NOISE });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const runs: Run[][] = DISTS.map(() => []);
try {
  // One run of each build first, not counted: the server's and the operating system's caches warm up.
  for (const base of served.bases) await run(browser, served, base, 1);
  for (let i = 0; i < RUNS; i++) for (const [at, base] of served.bases.entries()) runs[at]!.push(await run(browser, served, base, 1000 + i));
} finally {
  await browser.close();
  await served.close();
}

const sizeMb = served.progressiveBytes / 1e6;
console.log(
  `\n### Learning offline, ${RUNS} runs: a ${SECONDS} s 1280×720 lesson, progressive MP4 ${f1(sizeMb)} MB (${Math.ceil(served.progressiveBytes / DOWNLOAD_CHUNK_BYTES)} chunks of ${DOWNLOAD_CHUNK_BYTES / 2 ** 20} MiB)\n`,
);
console.log(`| median (range) | ${DISTS.join(' | ')} |`);
console.log(`|---|${DISTS.map(() => '---').join('|')}|`);
const row = (name: string, cell: (r: Run[]) => string) => console.log(`| ${name} | ${runs.map(cell).join(' | ')} |`);
const cpu = (rate: number) => (rate === 1 ? 'no CPU slowdown' : `${rate}× CPU`);
row(`the app's download, MB/s (${cpu(DOWNLOAD_CPU)})`, (r) =>
  span(
    r.map((x) => mbps(x.download.ms)),
    f1,
  ),
);
row('plain `fetch()` of the same file, MB/s', (r) =>
  span(
    r.flatMap((x) => x.plain.map(mbps)),
    f1,
  ),
);
row("app ÷ fetch (each run's download over its two fetches' median)", (r) =>
  span(
    r.map((x) => median(x.plain) / x.download.ms),
    (n) => n.toFixed(2),
  ),
);
row(`offline first frame, ${cpu(CPU_SLOWDOWN)}, ms`, (r) =>
  span(
    r.map((x) => x.offline.firstFrame),
    f0,
  ),
);
row(`offline \`playing\` event, ms`, (r) =>
  span(
    r.map((x) => x.offline.playing),
    f0,
  ),
);
row(`Range read of 256 KiB from the worker, ${RANGE_READS} a run: median / p95 / max, ms`, (r) => {
  const all = r.flatMap((x) => x.ranges);
  return `${f0(median(all))} / ${f0(percentile(all, 95))} / ${f0(Math.max(...all))}`;
});
row(`\`currentTime = x\` → \`seeked\`, ${SEEKS_AT.length} a run: median / p95 / max, ms`, (r) => {
  const all = r.flatMap((x) => x.seeks);
  return `${f0(median(all))} / ${f0(percentile(all, 95))} / ${f0(Math.max(...all))}`;
});

console.log(`\nWhere the download's time goes (medians, ms after the "Download" press)\n`);
console.log(`| step | ${DISTS.join(' | ')} |`);
console.log(`|---|${DISTS.map(() => '---:').join('|')}|`);
const step = (name: string, pick: (d: Download) => number) => row(name, (r) => f0(median(r.map((x) => pick(x.download)))));
step("the package's answer (`POST /api/courses/:id/download`)", (d) => d.packageAnswer);
step('first chunk asked for', (d) => d.firstChunk);
step("last chunk's last byte", (d) => d.lastChunkEnd);
step('"Available offline" shown', (d) => d.ms);
step('chunks on the wire (sum of request → last byte)', (d) => d.onTheWire);
step("between chunks (sum: a chunk's last byte → the next request: reading, storing, recording it)", (d) => d.between);
row('chunks fetched', (r) => String(median(r.map((x) => x.download.chunks))));

console.log(`\nOffline lesson, ${cpu(CPU_SLOWDOWN)} (medians, ms after navigation start)\n`);
console.log(`| milestone | ${DISTS.join(' | ')} |`);
console.log(`|---|${DISTS.map(() => '---:').join('|')}|`);
for (const [name] of MILESTONES)
  row(name, (r) => {
    const pairs = r.map((x) => x.offline.milestones[name]).filter((p) => p !== undefined);
    return pairs.length ? `${f0(median(pairs.map((p) => p[0])))} → ${f0(median(pairs.map((p) => p[1])))}` : '—';
  });
for (const [name, pick] of [
  ['`<video>` in the page', (v: Visit) => v.video],
  ['`loadedmetadata`', (v: Visit) => v.loadedmetadata],
  ['`loadeddata`', (v: Visit) => v.loadeddata],
  ['first frame presented', (v: Visit) => v.firstFrame],
] as const)
  row(name, (r) => f0(median(r.map((x) => pick(x.offline)))));

fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(
  'bench-results/offline.json',
  JSON.stringify(
    {
      runs: RUNS,
      cpuSlowdown: CPU_SLOWDOWN,
      downloadCpuSlowdown: DOWNLOAD_CPU,
      seconds: SECONDS,
      progressiveBytes: served.progressiveBytes,
      chunkBytes: DOWNLOAD_CHUNK_BYTES,
      rangeBytes: RANGE_BYTES,
      builds: DISTS.map((dist, at) => ({ dist, each: runs[at] })),
    },
    null,
    2,
  ),
);
process.exit(0);

/**
 * `npm run bench:browser [-- --courses=demo,10000]`: the storefront in Debian's Chromium at 4×
 * CPU throttling, served by the real app from `dist/` (build first) over a demo or generated
 * catalogue. For `/`: LCP and the first featured cards, cold (empty browser), warm (same browser,
 * after the offline copy has synced), a second visit shortly after a cold first one (the copy still
 * settling) and offline, and the JavaScript a cold visit transfers by its load event; for `/courses`: time to the first cards, longest main-thread task, heap and
 * DOM size, and the longest task while "Show more" is used; and how long a cold offline copy takes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { DEMO } from './bench-database';
import { RARE_TERM } from './generate-catalogue';
import { serveCatalogue } from './serve-catalogue';
import { savedCopy } from '../../tests/e2e/support/catalogue';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('courses', `${DEMO},10000`)
  .split(',')
  .map((s) => (s === DEMO ? DEMO : Number(s)));
const CPU_SLOWDOWN = Number(arg('cpu', '4'));
const SECOND_VISITS = Math.max(1, Number(arg('second-visits', '1')));
// Another build can be measured with --dist=<folder> (e.g. an earlier commit's, for a before/after).
const DIST = path.resolve(arg('dist', path.resolve(import.meta.dirname, '..', '..', 'dist')));
const CARD = '[role="article"]';

/**
 * Collects LCP, long tasks and the moment the first course card enters the page, from the start of
 * every page load. The card's moment is taken in the page: Playwright's own polling for it runs
 * late while the main thread is busy (by a second at 4× CPU as the whole list is parsed).
 */
const OBSERVE = `
  window.__perf = { lcp: 0, longest: 0, long: 0, firstCard: 0, counted: 0 };
  // Only where a count will show: on every other page it would run on every change, in the measure.
  if (location.pathname === '/courses') new MutationObserver((_, observer) => { if ([...document.querySelectorAll('[role="status"]')].some((e) => /^\\d+ courses found$/.test(e.textContent))) { window.__perf.counted = performance.now(); observer.disconnect(); } }).observe(document, { subtree: true, childList: true, characterData: true });
  new MutationObserver((_, observer) => { if (document.querySelector('[role="article"]')) { window.__perf.firstCard = performance.now(); observer.disconnect(); } }).observe(document, { subtree: true, childList: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__perf.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__perf.longest = Math.max(window.__perf.longest, e.duration); window.__perf.long += e.duration; } }).observe({ type: 'longtask', buffered: true });
`;

interface Perf {
  lcp: number;
  longest: number;
  long: number;
  firstCard: number;
  /** When a listing's "N courses found" count showed (with /courses' first page, from the server's total). */
  counted: number;
}

interface Throttled {
  page: Page;
  cdp: CDPSession;
}

async function throttled(context: BrowserContext): Promise<Throttled> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

async function perf(page: Page): Promise<Perf> {
  // LCP is final once the page has been idle a moment.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __perf: Perf }).__perf);
}

/**
 * Loads `url` and reports when the first card showed, LCP and the longest task. The card is waited
 * for over the DevTools protocol, not with a locator: Playwright loads its own script into the page
 * on a locator's first use, about 0.2 s of the page's main thread at 4× CPU while it loads.
 */
async function visit({ page, cdp }: Throttled, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  const started = Date.now();
  const shown = async () =>
    ((await cdp.send('Runtime.evaluate', { expression: 'window.__perf?.firstCard > 0', returnByValue: true })) as { result: { value?: boolean } }).result.value;
  while (!(await shown())) {
    if (Date.now() - started > 300_000) throw new Error(`No course card on ${url} after 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const measured = await perf(page);
  return { ...measured, firstCards: Math.round(measured.firstCard) };
}

/**
 * Measured in the page: from the first `event` on the element `target` selects (captured) to the
 * first moment the page `shows` (a JavaScript expression, checked on every change of the page),
 * while `act` makes the event happen. Sent as a string: tsx's helpers (__name) do not exist in the
 * page.
 */
async function timeInPage(page: Page, target: string, event: string, shows: string, act: () => Promise<void>): Promise<{ start: number; end: number }> {
  await page.evaluate(`(() => {
    const timing = { start: 0, end: 0 };
    window.__timing = timing;
    const observer = new MutationObserver(() => {
      if (timing.start && !timing.end && (${shows})) {
        timing.end = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    document.querySelector(${JSON.stringify(target)})?.addEventListener(${JSON.stringify(event)}, () => (timing.start = performance.now()), { capture: true, once: true });
  })()`);
  await act();
  await page.waitForFunction(() => (window as unknown as { __timing: { end: number } }).__timing.end > 0, null, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __timing: { start: number; end: number } }).__timing);
}

/**
 * A search typed in the header's box on /courses, offline (answered by the device's copy): the
 * time from the form's submit to the first moment the results' count shows, and the part of it
 * the saved copy's lookup took (the app's "search on the device" measure).
 */
async function localSearch(page: Page, term: string): Promise<{ shown: number; lookup: number }> {
  const box = page.getByRole('searchbox', { name: 'Search courses' });
  await box.fill(term);
  const heading = JSON.stringify(`Search Results for "${term}"`);
  const shows = `document.querySelector('h1')?.textContent === ${heading} && /\\d+ courses found/.test(document.body.textContent ?? '')`;
  const { start, end } = await timeInPage(page, 'form[role="search"]', 'submit', shows, () => box.press('Enter'));
  // The saved copy's own lookup (index read, rule, order), as the app measures it (User Timing).
  const lookups = await page.evaluate(
    (since) =>
      performance
        .getEntriesByName('search on the device')
        .filter((entry) => entry.startTime >= since)
        .map((entry) => entry.duration),
    start,
  );
  return { shown: Math.round(end - start), lookup: Math.round(Math.max(0, ...lookups)) };
}

/**
 * A category chosen in /courses' filter, online, with the device's copy complete (the screen
 * answers from it first): the time from the select's change to the moment the new count shows,
 * and the longest task in the 3 s after the change (the network's answer replaces the saved
 * copy's within them).
 */
async function categoryChange(page: Page, type: string): Promise<{ shown: number; longest: number }> {
  const before = JSON.stringify(await page.getByText(/^\d+ courses found$/).innerText());
  const shows = `[...document.querySelectorAll('[role="status"]')].some((e) => /^\\d+ courses found$/.test(e.textContent ?? '') && e.textContent !== ${before})`;
  await page.evaluate(() => ((window as unknown as { __perf: Perf }).__perf.longest = 0));
  const { start, end } = await timeInPage(page, 'body', 'change', shows, () =>
    page
      .getByLabel('Category')
      .selectOption(type)
      .then(() => undefined),
  );
  await page.waitForTimeout(3000);
  return { shown: Math.round(end - start), longest: Math.round((await perf(page)).longest) };
}

/**
 * Counts what the page's JavaScript takes on the wire (KiB: headers and compressed bodies, as the
 * DevTools protocol reports each response's encoded length) until its load event: its scripts and
 * the modules it preloads, downloaded before the page is usable whether or not they run before it.
 * Resource Timing cannot tell: its transferSize counts 300 bytes for any response's headers.
 * Start before the navigation; the returned function gives the figure once the page has loaded.
 */
async function scriptBytesByLoad(cdp: CDPSession): Promise<() => Promise<number>> {
  const urls = new Map<string, string>();
  const finished: Array<{ url: string; bytes: number; at: number }> = [];
  let loadedAt = Number.POSITIVE_INFINITY;
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => finished.push({ url: urls.get(event.requestId) ?? '', bytes: event.encodedDataLength, at: event.timestamp }));
  cdp.on('Page.loadEventFired', (event) => (loadedAt = Math.min(loadedAt, event.timestamp)));
  await cdp.send('Network.enable');
  await cdp.send('Page.enable');
  return async () => {
    const started = Date.now();
    while (loadedAt === Number.POSITIVE_INFINITY && Date.now() - started < 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const bytes = finished.filter((f) => f.at <= loadedAt && new URL(f.url || 'about:blank').pathname.endsWith('.js')).reduce((sum, f) => sum + f.bytes, 0);
    return Math.round((bytes / 1024) * 10) / 10;
  };
}

async function waitForOfflineCopy(page: Page, expected: number, started: number): Promise<number> {
  while (Date.now() - started < 600_000) {
    if ((await savedCopy(page)).courses >= expected) return Date.now() - started;
    await page.waitForTimeout(100);
  }
  return NaN;
}

async function run(courses: number | typeof DEMO) {
  const served = await serveCatalogue(courses, DIST);
  const { base, activeCourses: count } = served;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  const result: Record<string, number | string> = { catalogue: courses === DEMO ? `${count} (demo)` : String(count) };
  try {
    // Home: cold, then (once the offline copy is complete) warm and offline.
    const context = await browser.newContext();
    await context.addInitScript(OBSERVE);
    const tab = await throttled(context);
    const home = tab.page;
    const started = Date.now();
    const cold = await visit(tab, base + '/');
    result['home LCP cold (ms)'] = Math.round(cold.lcp);
    result['home first cards cold (ms)'] = cold.firstCards;
    result['home longest task cold (ms)'] = Math.round(cold.longest);
    // From here on, the tasks of the copy (and of the rest of the page's start), not of its first cards.
    await home.evaluate(() => ((window as unknown as { __perf: Perf }).__perf.longest = 0));
    result['offline copy complete, cold (ms)'] = await waitForOfflineCopy(home, count, started);
    const copyPerf = await perf(home);
    result['longest task after the first cards while copying (ms)'] = Math.round(copyPerf.longest);
    const warm = await visit(tab, base + '/');
    result['home LCP warm (ms)'] = Math.round(warm.lcp);
    result['home first cards warm (ms)'] = warm.firstCards;
    await context.setOffline(true);
    const offline = await visit(tab, base + '/');
    result['home LCP offline (ms)'] = Math.round(offline.lcp);
    result['home first cards offline (ms)'] = offline.firstCards;
    // Search on the device's copy, once the details pass has saved every description.
    await context.setOffline(false);
    // A fresh start online resumes the details pass (the offline visit stopped it).
    await home.goto(base + '/');
    const detailsStarted = Date.now();
    while (!(await savedCopy(home)).detailsDone && Date.now() - detailsStarted < 900_000) await home.waitForTimeout(500);
    result['details copy complete (s)'] = Math.round((Date.now() - detailsStarted) / 1000);
    await visit(tab, base + '/courses');
    await home.getByText(/^\d+ courses found$/).waitFor({ timeout: 300_000 });
    for (const type of ['live_seminar', 'recorded_course']) {
      const { shown, longest } = await categoryChange(home, type);
      result[`/courses category "${type}" online, copy complete: count shown; longest task (ms)`] = `${shown}; ${longest}`;
    }
    await context.setOffline(true);
    await visit(tab, base + '/courses');
    for (const term of [RARE_TERM, 'valid']) {
      const { shown, lookup } = await localSearch(home, term);
      result[`search "${term}" on the device, offline: lookup; results shown (ms)`] = `${lookup}; ${shown}`;
    }
    await context.close();

    // A second visit to / shortly after a cold first one: the offline copy and the service worker
    // still settling (--second-visits=N: N new browser contexts, each figure given).
    const secondVisits: number[] = [];
    for (let i = 0; i < SECOND_VISITS; i += 1) {
      const againContext = await browser.newContext();
      await againContext.addInitScript(OBSERVE);
      const againTab = await throttled(againContext);
      // Counted here, not on the timed cold visit above: the DevTools protocol's network events cost the browser a little.
      const scriptBytes = i === 0 ? await scriptBytesByLoad(againTab.cdp) : undefined;
      await visit(againTab, base + '/');
      if (scriptBytes) result['home JS transferred by the load event, cold (KiB)'] = await scriptBytes();
      await againTab.page.waitForTimeout(1000);
      secondVisits.push((await visit(againTab, base + '/')).firstCards);
      await againContext.close();
    }
    result['home first cards, second visit 1 s after a cold first (ms)'] = secondVisits.join(', ');

    // /courses cold: first cards, the longest task, heap and DOM size, then "Show more".
    const coursesContext = await browser.newContext();
    await coursesContext.addInitScript(OBSERVE);
    const listingTab = await throttled(coursesContext);
    const listing = listingTab.page;
    const first = await visit(listingTab, base + '/courses');
    result['/courses first cards cold (ms)'] = first.firstCards;
    result['/courses longest task to first cards (ms)'] = Math.round(first.longest);
    // The count comes with the first page (the server's total); the whole list follows it, and is
    // there once "Show more courses" shows (the first page alone offers none).
    await listing.getByText(/^\d+ courses found$/).waitFor({ timeout: 300_000 });
    result['/courses "N courses found" shown (ms)'] = Math.round((await perf(listing)).counted);
    await listing.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Show more courses'), null, {
      timeout: 300_000,
      polling: 250,
    });
    const loaded = await perf(listing);
    result['/courses longest task until the whole list is there (ms)'] = Math.round(loaded.longest);
    result['/courses cards shown'] = await listing.locator(CARD).count();
    result['/courses DOM nodes'] = await listing.evaluate(() => document.getElementsByTagName('*').length);
    await listing.evaluate(() => ((window as unknown as { __perf: Perf }).__perf.longest = 0));
    // Each press waits for its cards before the next (a press renders in a transition, and the
    // button leaves once the whole list is shown). The button is found with a plain DOM lookup,
    // scrolled to and clicked with the mouse, as a user does: Playwright's role locator and its
    // actionability checks run in the page's main thread, and at 4× CPU their forced style and
    // layout passes over the whole page were most of the longest task this row reported.
    const scrollToMore = () =>
      listing.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'Show more courses');
        if (!button) return null;
        button.scrollIntoView({ block: 'center' });
        const box = button.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
    for (let i = 0, at = await scrollToMore(); i < 5 && at; i += 1, at = await scrollToMore()) {
      const before = await listing.locator(CARD).count();
      await listing.mouse.click(at.x, at.y);
      await listing.waitForFunction(([selector, count]) => document.querySelectorAll(selector).length > count, [CARD, before] as const, { timeout: 60_000 });
    }
    await listing.mouse.wheel(0, 20_000);
    result['/courses longest task while showing more and scrolling (ms)'] = Math.round((await perf(listing)).longest);
    const heap = (await listingTab.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    result['/courses JS heap (MB)'] = Math.round(heap.usedSize / 1024 / 1024);
    await coursesContext.close();
  } finally {
    await browser.close();
    await served.close();
  }
  return result;
}

if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('Build the PWA first: npm run build');
const results = [];
for (const size of sizes) results.push(await run(size));
const keys = Object.keys(results[0]!);
console.log(`\n### Browser, ${CPU_SLOWDOWN}× CPU slowdown\n`);
console.log(`| what | ${results.map((r) => r.catalogue).join(' | ')} |`);
console.log(`|---|${results.map(() => '---').join('|')}|`);
for (const key of keys.filter((k) => k !== 'catalogue')) console.log(`| ${key} | ${results.map((r) => r[key] ?? '').join(' | ')} |`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync('bench-results/browser.json', JSON.stringify(results, null, 2));
process.exit(0);

/**
 * `npm run lighthouse`: Lighthouse's accessibility score for the pages the storefront is judged
 * on (/, /courses, a course page, /membership, /login, /checkout with a course in the cart), on
 * mobile and desktop, in Debian's Chromium against a freshly seeded server. Not part of `npm test`
 * (the Playwright suite runs axe-core itself); fails when a score is below MIN_SCORE.
 *
 * Needs a build (`npm run build`). Nothing leaves the machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const MIN_SCORE = 98;
const PORT = Number(process.env.LIGHTHOUSE_APP_PORT ?? 4360);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${PORT}`;

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], { env: { ...process.env, E2E_PORT: String(PORT) }, stdio: 'inherit' });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'training-lighthouse-'));
let failed = false;
try {
  await waitFor(`${base}/api/config`);
  const catalogue = (await (await fetch(`${base}/api/sync/catalogue`)).json()) as {
    courses: Array<{ id: string; price: string; title: string; code: string; type: string; isActive: boolean }>;
    pricingTiers: Array<{ courseId: string }>;
  };
  const tiered = new Set(catalogue.pricingTiers.map((tier) => tier.courseId));
  const course = catalogue.courses.find((c) => c.isActive && !tiered.has(c.id))!;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      `--remote-debugging-port=${DEBUG_PORT}`,
    ],
  });
  try {
    // A course in the cart, so /checkout shows the checkout instead of going to /courses.
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(base);
    await page.evaluate((c) => {
      const item = { courseId: c.id, title: c.title, price: Number(c.price), code: c.code, type: c.type };
      localStorage.setItem('cart-storage', JSON.stringify({ state: { items: [item], isOpen: false }, version: 0 }));
    }, course);
    const pages = ['/', '/courses', `/courses/${course.id}`, '/membership', '/login', '/checkout'];
    const rows: string[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const pagePath of pages) {
        const result = await lighthouse(`${base}${pagePath}`, {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          disableStorageReset: true,
          formFactor,
          screenEmulation: formFactor === 'desktop' ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false } : undefined,
        });
        const category = result?.lhr.categories.accessibility;
        const score = Math.round((category?.score ?? 0) * 100);
        const failing = Object.values(result?.lhr.audits ?? {})
          .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id);
        if (score < MIN_SCORE) failed = true;
        rows.push(`| ${formFactor} | ${pagePath.replace(course.id, ':id')} | ${score} | ${failing.join(', ') || '—'} |`);
      }
    }
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} accessibility (minimum ${MIN_SCORE}):\n`,
    );
    console.log('| form factor | page | score | failing audits |\n|---|---|---|---|\n' + rows.join('\n'));
  } finally {
    await context.close();
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

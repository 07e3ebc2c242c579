/**
 * The first-load JavaScript of the home page and its budget, shared by `npm run measure`
 * (scripts/measure-first-load.ts) and the build (the `firstLoadBudget` Vite plugin, which fails
 * `vite build` over budget). What counts: the entry script of dist/index.html, everything it
 * imports statically, and the home page's chunk with its static imports — what a first visit to
 * `/` must download and run before the page paints — gzip-compressed (level 9), as transferred.
 * Chunks loaded later (dynamic imports: other pages, the offline copy, popups, sections below the
 * fold) are not part of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './vite-after-build';

/** web.dev's critical-path budget for the JavaScript of a first load. */
export const FIRST_LOAD_BUDGET_KIB = 170;

export interface FirstLoad {
  files: Array<{ file: string; gzip: number }>;
  /** Gzip bytes of all of them. */
  total: number;
}

export function measureFirstLoad(dist: string): FirstLoad {
  const assets = path.join(dist, 'assets');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${dist}/index.html has no module entry: build first (npx vite build)`);

  const staticImports = (file: string): string[] => {
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    const found = new Set<string>();
    for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(match[1]!);
    return [...found];
  };
  const collect = (start: string, into: Set<string>) => {
    const queue = [start];
    while (queue.length) {
      const file = queue.pop()!;
      if (into.has(file)) continue;
      into.add(file);
      queue.push(...staticImports(file));
    }
  };

  const firstLoad = new Set<string>();
  collect(entry, firstLoad);
  const entryCode = fs.readFileSync(path.join(assets, entry), 'utf8');
  const home = /["']\.\/(home-page-[\w-]+\.js)["']/.exec(entryCode)?.[1] ?? fs.readdirSync(assets).find((f) => f.startsWith('home-page-') && f.endsWith('.js'));
  if (home) collect(home, firstLoad);

  const files = [...firstLoad].map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length }));
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((sum, row) => sum + row.gzip, 0) };
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function overBudgetMessage(total: number, budgetKib = FIRST_LOAD_BUDGET_KIB): string | null {
  if (total <= budgetKib * 1024) return null;
  return `First-load JavaScript on / is ${kib(total)} KiB gzip, over the ${budgetKib} KiB budget: keep what the home page does not need to paint out of it (lazy routes and sections, dynamic imports). Run npm run measure for the list of files.`;
}

/** Fails the build when the first load of `/` is over budget. */
export function firstLoadBudget(budgetKib = FIRST_LOAD_BUDGET_KIB): Plugin {
  return afterBuild('first-load-budget', 'writeBundle', function (outDir) {
    // The service worker's own build (vite-plugin-pwa) writes no index.html: nothing to check.
    if (!fs.existsSync(path.join(outDir, 'index.html'))) return;
    const { total } = measureFirstLoad(outDir);
    const message = overBudgetMessage(total, budgetKib);
    if (message) this.error(message);
    this.info?.(`first-load JavaScript on /: ${kib(total)} KiB gzip (budget ${budgetKib} KiB)`);
  });
}

/**
 * A Vite plugin that writes the shells of `ROUTE_SHELLS` (contracts/route-shells.ts): the app
 * shell with `<link rel="preload">` for the page's first reads and `<link rel="modulepreload">` for
 * its code (the page's chunks and every chunk they import), so the browser asks for them while it
 * parses the page instead of after the app's script has run. `/`: the six featured courses, the
 * instructors and the sections below the hero; `/courses`: its first page of cards and the page;
 * a lesson (`/learn/:courseId/lessons/:lessonId`): the page and hls.js.
 *
 * A shell listed in SHELL_SCRIPTS also loads a script of its own, bundled here with what it
 * imports into one file (the policy allows no inline script): the lesson's starts its reads, which
 * need the session's token and the address's lesson, while the app's code is still on its way
 * (pwa/features/learning/early/lesson-early-reads.ts).
 *
 * A shell listed in PRERENDERED_SHELLS (the landing page's) also holds its page as the app first
 * renders it (pwa/prerender/render-page.tsx, rendered here with Vite's server rendering), with its styles, so
 * the headline paints as soon as the HTML has parsed instead of after the app's code has run (about
 * a second at 4× CPU). Its buttons and search box are disabled until the app renders over it (they
 * do nothing before); its links work. The app's code is preloaded and started by a small script
 * once the browser has presented the headline's paint: started at once, its evaluation held the frame
 * back and the app replaced the headline before its paint counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { ALIASES } from '../aliases';
import { LESSON_SHELL_FILE, ROUTE_SHELLS } from '../contracts/route-shells';
import type { PrerenderedPage } from '../pwa/prerender/render-page';
import { afterBuild } from './vite-after-build';

/** The shells that hold their page prerendered. */
const PRERENDERED_SHELLS: ReadonlySet<string> = new Set(['index.home.html']);

/**
 * Starts the app (the module preloaded with `data-app-entry`) once the browser has presented the
 * page's headline (marked `elementtiming` by `markHeadline`): a headline the app replaces before
 * its paint's timing is recorded does not count as painted at all, and the first paint may hold
 * only the header when the parser yields before the hero. Where Element Timing is missing, after
 * the next frame; at the latest after two seconds (a tab opened in the background does not paint).
 */
const START_AFTER_PAINT = `const entry = document.querySelector('link[data-app-entry]').href;
let start = () => {
  start = () => {};
  import(entry);
};
if (PerformanceObserver.supportedEntryTypes?.includes('element')) {
  new PerformanceObserver(() => setTimeout(() => start())).observe({ type: 'element', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(() => start()));
}
setTimeout(() => start(), 2000);
`;

/**
 * The lesson shell's app start where its own script (which starts the app: pwa/features/learning/early/start-app.ts)
 * never ran, e.g. it failed to load: after APP_START_FALLBACK_MS.
 */
const APP_START_FALLBACK_MS = 3000;
const START_IF_NOT_STARTED = `setTimeout(() => {
  const entry = document.querySelector('link[data-app-entry]').href;
  if (window.__appStarted) return;
  window.__appStarted = true;
  import(entry);
}, ${APP_START_FALLBACK_MS});
`;

/** The shells whose own script starts the app (its entry only preloaded), with START_IF_NOT_STARTED behind it. */
const SCRIPT_STARTS_APP: ReadonlySet<string> = new Set([LESSON_SHELL_FILE]);

/** Marks the page's headline for Element Timing (see START_AFTER_PAINT). */
function markHeadline(html: string): string {
  if (!/<h1[\s>]/.test(html)) throw new Error('route-shells: the prerendered page has no <h1>');
  return html.replace(/<h1(?=[\s>])/, '<h1 elementtiming="headline"');
}

/** The pages at `paths`, rendered by one Vite server. */
async function prerender(paths: readonly string[]): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  if (paths.length === 0) return pages;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('../pwa', import.meta.url)),
    resolve: { alias: ALIASES },
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderPage } = (await server.ssrLoadModule('/prerender/render-page.tsx')) as typeof import('../pwa/prerender/render-page');
    for (const path of paths) pages.set(path, renderPage(path));
  } finally {
    await server.close();
  }
  return pages;
}

/** Controls that do nothing until the app has rendered say so. */
const disableControls = (html: string) => html.replace(/<(button|input)(?=[\s>])/g, '<$1 disabled');

/** Each shell's code: the lazily loaded modules its page renders first (under pwa/, or a package's under node_modules/). */
const SHELL_MODULES: Record<string, readonly string[]> = {
  'index.home.html': ['features/home/featured-courses-section.tsx', 'features/home/experts-section.tsx', 'features/membership/membership-teaser.tsx'],
  'index.courses.html': ['app/routes/courses-page.tsx'],
  [LESSON_SHELL_FILE]: ['app/routes/learn-lesson-page.tsx', 'node_modules/hls.js/dist/hls.light.mjs'],
};

/**
 * Of a shell whose own script starts the app (SCRIPT_STARTS_APP), the modules that script needs
 * at once (preloaded); the rest of its code is only prefetched, for the app to find in the cache
 * when it starts: preloaded, its fifty-odd modules took the main thread while the early video
 * started (cold first frame at 4× CPU 1.64 s with them preloaded, 1.27 s prefetched).
 */
const SHELL_SCRIPT_MODULES: Record<string, readonly string[]> = {
  [LESSON_SHELL_FILE]: ['node_modules/hls.js/dist/hls.light.mjs'],
};

/** Each shell's own script (under pwa/), loaded `async`: it runs as soon as it has arrived. */
const SHELL_SCRIPTS: Record<string, string> = {
  [LESSON_SHELL_FILE]: 'features/learning/early/run-early-reads.ts',
};

const PWA_ROOT = fileURLToPath(new URL('../pwa', import.meta.url));

/** `entry` and what it imports as one script (an IIFE: no imports, so nothing else to fetch first). */
async function bundleScript(entry: string): Promise<string> {
  const { build } = await import('vite');
  const built = await build({
    configFile: false,
    root: PWA_ROOT,
    publicDir: false,
    logLevel: 'error',
    resolve: { alias: ALIASES },
    build: { write: false, minify: true, target: 'es2020', lib: { entry: path.join(PWA_ROOT, entry), formats: ['iife'], name: 'shellScript' } },
  });
  const output = (Array.isArray(built) ? built[0] : built) as Rollup.RollupOutput | undefined;
  const chunk = output?.output?.find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error(`route-shells: ${entry} was not bundled`);
  return chunk.code;
}

/** The files of these chunks and of every chunk they import, statically, in load order. */
function chunkFiles(bundle: Rollup.OutputBundle, entries: Rollup.OutputChunk[]): string[] {
  const byFile = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  entries.forEach(visit);
  return [...files];
}

export function routeShells(): Plugin[] {
  const codeOf = new Map<string, string[]>();
  const scriptCodeOf = new Map<string, Set<string>>();
  const scriptOf = new Map<string, string>();
  let starter = '';
  let fallbackStarter = '';
  const collect: Plugin = {
    name: 'route-shells-code',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      for (const shell of ROUTE_SHELLS) {
        const modules = SHELL_MODULES[shell.file] ?? [];
        const suffix = (module: string) => (module.startsWith('node_modules/') ? module : `pwa/${module}`);
        // The chunk a module was loaded from: its own, or the group's that holds it (vite.config.ts).
        const holding = (module: string) =>
          chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix(module))) ??
          chunks.find((chunk) => chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(suffix(module))));
        const found = modules.map(holding);
        if (found.some((chunk) => !chunk)) this.error(`route-shells: a module of ${shell.file} is in no chunk loaded on its own (${modules.join(', ')})`);
        codeOf.set(shell.file, chunkFiles(bundle, found as Rollup.OutputChunk[]));
        const forScript = new Set(SHELL_SCRIPT_MODULES[shell.file] ?? []);
        scriptCodeOf.set(shell.file, new Set(chunkFiles(bundle, found.filter((_, at) => forScript.has(modules[at]!)) as Rollup.OutputChunk[])));
      }
      for (const [file, entry] of Object.entries(SHELL_SCRIPTS)) {
        const source = await bundleScript(entry);
        scriptOf.set(file, this.getFileName(this.emitFile({ type: 'asset', name: `${path.basename(entry, '.ts')}.js`, source })));
      }
      starter = this.getFileName(this.emitFile({ type: 'asset', name: 'start-after-paint.js', source: START_AFTER_PAINT }));
      fallbackStarter = this.getFileName(this.emitFile({ type: 'asset', name: 'start-if-not-started.js', source: START_IF_NOT_STARTED }));
    },
  };
  // When the bundle is written, before the service worker's precache list is made (at closeBundle):
  // the shells are precached, and the worker answers `/` with the landing page's (pwa/sw.ts).
  const write = afterBuild('route-shells', 'writeBundle', async (outDir) => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const pages = await prerender(ROUTE_SHELLS.filter((shell) => PRERENDERED_SHELLS.has(shell.file)).map((shell) => shell.path));
    for (const shell of ROUTE_SHELLS) {
      const reads = shell.reads.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}" />`);
      // The shell already preloads its own chunks; the page's other chunks follow it.
      const code = (codeOf.get(shell.file) ?? [])
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) =>
          SCRIPT_STARTS_APP.has(shell.file) && !scriptCodeOf.get(shell.file)?.has(file)
            ? `<link rel="prefetch" as="script" crossorigin href="/${file}" />`
            : `<link rel="modulepreload" crossorigin href="/${file}" />`,
        );
      const script = scriptOf.get(shell.file);
      let written = html.replace('</head>', `    ${[...reads, ...code].join('\n    ')}\n  </head>`);
      // Before the app's entry, so the browser asks for it first; an async script is otherwise a
      // low-priority request, held back behind the page's code on a busy connection.
      if (script && SCRIPT_STARTS_APP.has(shell.file)) {
        // The app's entry preloaded before the script that starts it (an async script may run before the parser has gone further).
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(written);
        if (!entry || !fallbackStarter) throw new Error(`route-shells: no app entry in index.html, or no fallback starter`);
        written = written.replace(
          entry[0],
          `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>\n    <script async fetchpriority="high" src="/${script}"></script>\n    <script type="module" src="/${fallbackStarter}"></script>`,
        );
      } else if (script)
        written = written.replace(/(\s*)<script type="module"/, `$1<script async fetchpriority="high" src="/${script}"></script>$1<script type="module"`);
      const page = pages.get(shell.path);
      if (page) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(written);
        if (!entry || !starter) throw new Error(`route-shells: no app entry in index.html, or no starter script`);
        written = written
          .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>\n    <script type="module" src="/${starter}"></script>`)
          .replace('</head>', `  ${page.styles}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${markHeadline(disableControls(page.html))}</div>`);
      }
      fs.writeFileSync(path.join(outDir, shell.file), written);
    }
  });
  return [collect, write];
}

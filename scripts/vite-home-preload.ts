/**
 * A Vite plugin that writes `index.home.html`: the app shell with `<link rel="preload">` for the
 * landing page's two reads (its six featured courses and the instructors) and
 * `<link rel="modulepreload">` for the code of its sections below the hero (and the chunks they
 * import), so the browser asks for them while it parses the page instead of after the app's script
 * has run. The server sends this variant for `/` only (`api/middleware/static-files.ts`); other
 * pages get the plain shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { HOME_READ_PATHS } from '../api/contracts/home-reads';
import { afterBuild } from './vite-after-build';

export const HOME_SHELL = 'index.home.html';

/** The home page's lazily loaded sections (pwa/app/routes/home-page.tsx). */
const HOME_SECTIONS = ['features/home/featured-courses-section.tsx', 'features/home/experts-section.tsx', 'features/membership/membership-teaser.tsx'];

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

export function homePreload(): Plugin[] {
  let sectionFiles: string[] = [];
  const collect: Plugin = {
    name: 'home-preload-sections',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const sections = HOME_SECTIONS.map((section) => chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`pwa/${section}`)));
      if (sections.some((chunk) => !chunk)) this.error(`home-preload: a home section is not a chunk of its own (${HOME_SECTIONS.join(', ')})`);
      sectionFiles = chunkFiles(bundle, sections as Rollup.OutputChunk[]);
    },
  };
  const write = afterBuild('home-preload', 'closeBundle', (outDir) => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const reads = HOME_READ_PATHS.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}" />`);
    // The shell already preloads its own chunks; the sections' other chunks follow it.
    const code = sectionFiles.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
    fs.writeFileSync(path.join(outDir, HOME_SHELL), html.replace('</head>', `    ${[...reads, ...code].join('\n    ')}\n  </head>`));
  });
  return [collect, write];
}

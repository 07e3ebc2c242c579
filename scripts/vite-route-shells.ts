/**
 * A Vite plugin that writes the shells of `ROUTE_SHELLS` (api/contracts/route-shells.ts): the app
 * shell with `<link rel="preload">` for the page's first reads and `<link rel="modulepreload">` for
 * its code (the page's chunks and every chunk they import), so the browser asks for them while it
 * parses the page instead of after the app's script has run. `/`: the six featured courses, the
 * instructors and the sections below the hero; `/courses`: its first page of cards and the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ROUTE_SHELLS } from '../api/contracts/route-shells';
import { afterBuild } from './vite-after-build';

/** Each shell's code: the lazily loaded modules its page renders first (under pwa/). */
const SHELL_MODULES: Record<string, readonly string[]> = {
  'index.home.html': ['features/home/featured-courses-section.tsx', 'features/home/experts-section.tsx', 'features/membership/membership-teaser.tsx'],
  'index.courses.html': ['app/routes/courses-page.tsx'],
};

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
  const collect: Plugin = {
    name: 'route-shells-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      for (const shell of ROUTE_SHELLS) {
        const modules = SHELL_MODULES[shell.file] ?? [];
        const found = modules.map((module) => chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`pwa/${module}`)));
        if (found.some((chunk) => !chunk)) this.error(`route-shells: a module of ${shell.file} is not a chunk of its own (${modules.join(', ')})`);
        codeOf.set(shell.file, chunkFiles(bundle, found as Rollup.OutputChunk[]));
      }
    },
  };
  const write = afterBuild('route-shells', 'closeBundle', (outDir) => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    for (const shell of ROUTE_SHELLS) {
      const reads = shell.reads.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}" />`);
      // The shell already preloads its own chunks; the page's other chunks follow it.
      const code = (codeOf.get(shell.file) ?? []).filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
      fs.writeFileSync(path.join(outDir, shell.file), html.replace('</head>', `    ${[...reads, ...code].join('\n    ')}\n  </head>`));
    }
  });
  return [collect, write];
}

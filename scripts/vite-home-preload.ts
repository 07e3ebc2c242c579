/**
 * A Vite plugin that writes `index.home.html`: the app shell with `<link rel="preload">` for the
 * landing page's two reads (its six featured courses and the instructors), so the browser asks for
 * them while it parses the page instead of after the app's script has run. The server sends this
 * variant for `/` only (`api/middleware/static-files.ts`); other pages get the plain shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The exact addresses the home page requests (pwa/catalogue/api/home-queries.ts). */
export const HOME_PRELOADS = ['/api/courses?limit=6&view=summary', '/api/instructors'];
export const HOME_SHELL = 'index.home.html';

export function homePreload(): Plugin {
  let outDir = '';
  return {
    name: 'home-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const links = HOME_PRELOADS.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}" />`).join('\n    ');
        fs.writeFileSync(path.join(outDir, HOME_SHELL), html.replace('</head>', `    ${links}\n  </head>`));
      },
    },
  };
}

/**
 * A Vite plugin that writes `index.home.html`: the app shell with `<link rel="preload">` for the
 * landing page's two reads (its six featured courses and the instructors), so the browser asks for
 * them while it parses the page instead of after the app's script has run. The server sends this
 * variant for `/` only (`api/middleware/static-files.ts`); other pages get the plain shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HOME_READ_PATHS } from '../api/contracts/home-reads';
import { afterBuild } from './vite-after-build';

export const HOME_SHELL = 'index.home.html';

export function homePreload(): Plugin {
  return afterBuild('home-preload', 'closeBundle', (outDir) => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const links = HOME_READ_PATHS.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replace(/&/g, '&amp;')}" />`).join('\n    ');
    fs.writeFileSync(path.join(outDir, HOME_SHELL), html.replace('</head>', `    ${links}\n  </head>`));
  });
}

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ALIASES } from './aliases';
import { routeShells } from './scripts/vite-route-shells';
import { precompress } from './scripts/vite-precompress';
import { firstLoadBudget } from './scripts/first-load-budget';

/**
 * react-router's package exports only its development build (its warnings kept in behind
 * ENABLE_DEV_WARNINGS = true); the build takes the production one it ships beside it, the very
 * same code without them (about 0.6 KiB gzip of the first load).
 */
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const PRODUCTION_ROUTER = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: 'pwa',
  publicDir: 'public',
  resolve: { alias: [...Object.entries(ALIASES).map(([find, replacement]) => ({ find, replacement })), ...(command === 'build' ? PRODUCTION_ROUTER : [])] },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The code every page's first load runs, in one chunk instead of forty-odd: each module
          // preload costs the HTML parser time (about 0.3 s of the first task at 4× CPU).
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: 'home',
              test: /pwa\/features\/(home\/(featured-courses|experts)-section|membership\/membership-teaser)\.tsx$/,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'images/course-fallback.svg', 'images/instructor-fallback.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['images/courses/**', 'images/instructors/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'LifeScience Academy — Compliance Training',
        short_name: 'LS Academy',
        description: 'Live seminars, webinars and recorded courses for life-science professionals. Browse the catalogue even offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0e7c86',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    firstLoadBudget(),
    routeShells(),
    precompress(),
  ],
  // The offline copy's sync worker (pwa/offline/catalogue/sync-worker.ts) shares chunks with the page.
  worker: { format: 'es' },
  server: { port: 5173 },
}));

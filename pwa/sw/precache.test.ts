/**
 * The worker's two-step precache, run against a stand-in of the worker's global scope and its
 * Cache Storage: the install stores the storefront's shell (every file but the app's scripts, the
 * scripts the HTML shells load and what they import statically, not what they import lazily), and
 * a page's request stores the rest, answering whether everything is there; a file the network
 * refuses is left for the next request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRECACHE_REST_MESSAGE } from '../offline/precache-messages';

type Handler = (event: unknown) => void;
const origin = 'https://learn.example.com';
const handlers = new Map<string, Handler[]>();
const stores = new Map<string, Map<string, Response>>();

function cacheNamed(name: string) {
  const entries = stores.get(name) ?? new Map<string, Response>();
  stores.set(name, entries);
  const key = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
  return {
    match: async (request: RequestInfo) => entries.get(key(request))?.clone(),
    put: async (request: RequestInfo, response: Response) => void entries.set(key(request), response),
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request: RequestInfo) => entries.delete(key(request)),
  };
}

const files: Record<string, string> = {
  '/index.html': '<link rel="modulepreload" crossorigin href="/assets/index-a1.js" data-app-entry><script type="module" src="/assets/start-b2.js"></script>',
  '/index.home.html': '<link rel="modulepreload" crossorigin href="/assets/home-c3.js" />',
  '/assets/index-a1.js': 'import{a as b}from"./react-d4.js";import"./styles-e5.js";const admin=()=>import("./admin-f6.js");',
  '/assets/start-b2.js': 'import(document.querySelector("link").href)',
  '/assets/home-c3.js': 'import{c}from"./react-d4.js";',
  '/assets/react-d4.js': 'export const a=1;',
  '/assets/styles-e5.js': 'export {};',
  '/assets/admin-f6.js': 'import{x}from"./editor-g7.js";',
  '/assets/editor-g7.js': 'export const x=1;',
  '/assets/index-h8.css': 'body{}',
  '/manifest.webmanifest': '{}',
};
const refused = new Set<string>();
const fetched: string[] = [];

const scope = {
  location: { origin, href: `${origin}/sw.js` },
  // Workbox's development build logs each step.
  __WB_DISABLE_DEV_LOGS: true,
  registration: { scope: `${origin}/` },
  addEventListener: (type: string, handler: Handler) => handlers.set(type, [...(handlers.get(type) ?? []), handler]),
  caches: { open: async (name: string) => cacheNamed(name) },
};

class ExtendableEvent {
  constructor(
    readonly type: string,
    readonly waits: Array<Promise<unknown>>,
  ) {}
  waitUntil(promise: Promise<unknown>) {
    this.waits.push(promise);
  }
}

function dispatch(type: string, extra: Record<string, unknown> = {}) {
  const waits: Array<Promise<unknown>> = [];
  const event = Object.assign(new ExtendableEvent(type, waits), extra);
  for (const handler of handlers.get(type) ?? []) handler(event);
  return Promise.all(waits);
}

const precached = () => [...(stores.values().next().value?.keys() ?? [])].map((url) => new URL(url).pathname).sort();

async function askForRest(): Promise<unknown> {
  let answer: unknown;
  await dispatch('message', { data: { type: PRECACHE_REST_MESSAGE }, ports: [{ postMessage: (data: unknown) => (answer = data) }] });
  return answer;
}

beforeAll(async () => {
  Object.assign(globalThis, {
    self: scope,
    location: scope.location,
    registration: scope.registration,
    FetchEvent: class {},
    ExtendableEvent,
    caches: {
      open: scope.caches.open,
      match: async (request: RequestInfo, options: { cacheName: string }) => cacheNamed(options.cacheName).match(request),
    },
  });
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    fetched.push(path);
    if (refused.has(path)) return new Response('busy', { status: 503 });
    return path in files ? new Response(files[path], { status: 200 }) : new Response('missing', { status: 404 });
  };
  const { precacheShellFirst } = await import('./precache');
  precacheShellFirst(Object.keys(files).map((url) => ({ url, revision: url.endsWith('.html') || url.endsWith('manifest') ? 'r1' : null })));
});

describe('precacheShellFirst', () => {
  it('installs with the shell: the HTML shells, styles and manifest, and the scripts they load through their static imports', async () => {
    await dispatch('install');
    expect(precached()).toEqual([
      '/assets/home-c3.js',
      '/assets/index-a1.js',
      '/assets/index-h8.css',
      '/assets/react-d4.js',
      '/assets/start-b2.js',
      '/assets/styles-e5.js',
      '/index.home.html',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('stores the rest when a page asks, and says whether all of it is there', async () => {
    refused.add('/assets/editor-g7.js');
    expect(await askForRest()).toEqual({ type: PRECACHE_REST_MESSAGE, done: false });
    expect(precached()).toContain('/assets/admin-f6.js');
    expect(precached()).not.toContain('/assets/editor-g7.js');

    // The next request fetches only what is still missing.
    refused.clear();
    fetched.length = 0;
    expect(await askForRest()).toEqual({ type: PRECACHE_REST_MESSAGE, done: true });
    expect(fetched).toEqual(['/assets/editor-g7.js']);
    expect(precached()).toHaveLength(Object.keys(files).length);
    fetched.length = 0;
    expect(await askForRest()).toEqual({ type: PRECACHE_REST_MESSAGE, done: true });
    expect(fetched).toEqual([]);
  });
});

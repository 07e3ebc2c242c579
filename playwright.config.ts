import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Whole journeys (buy, download the receipt and the invoice, open the calendar file) took 31 s on
  // a loaded 2-core machine: a test's own limit is the journey's, each step still waits at most 10 s.
  timeout: 60_000,
  // Generous for two workers on two cores: a listing waiting on its data under load took over 7 s,
  // and over 10 s on a day the same machine ran every benchmark 1.5–2× slower (CI of 2026-11-24:
  // /recorded-courses online and /webinar-packs offline, beside the other worker's axe audits).
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'tsx tests/e2e/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/instructors`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(E2E_PORT) },
    // SIGTERM, not Playwright's default SIGKILL: the server stops cleanly and removes its temporary folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

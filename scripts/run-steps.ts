/** Shared by the test scripts: run commands in order, collect vitest/playwright counts, print one summary line. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Counts from vitest's JSON report (`--reporter=json --outputFile=…`). */
export function vitestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites?: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numFailedTestSuites ?? 0) };
}

/** Counts from Playwright's JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME). */
export function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: Array<{ message?: string }>;
  };
  // Errors outside any test (a hook, the web server, teardown) fail the run without failing a test: say them.
  for (const error of report.errors ?? []) console.log(`Playwright error outside a test: ${error.message ?? JSON.stringify(error)}`);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

/**
 * One line of counts; when a step exited non-zero though none of its tests failed (vitest's
 * unhandled errors, a Playwright hook or teardown error), a line naming the step, so the log says why.
 */
export function summarize(label: string, parts: Counts[], exitCodes: number[], stepNames: string[] = []): never {
  const passed = parts.reduce((sum, c) => sum + c.passed, 0);
  const failed = parts.reduce((sum, c) => sum + c.failed, 0);
  const ok = failed === 0 && exitCodes.every((code) => code === 0);
  console.log(`\n${label}: ${passed} passed, ${failed} failed`);
  exitCodes.forEach((code, i) => {
    if (code !== 0 && parts[i]?.failed === 0)
      console.log(
        `${stepNames[i] ?? `step ${i + 1}`} exited with ${code} though none of its tests failed: see its errors above (unhandled errors, hooks, teardown).`,
      );
  });
  process.exit(ok ? 0 : 1);
}

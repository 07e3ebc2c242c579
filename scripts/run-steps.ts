/** Shared by the test scripts: run commands in order, collect vitest/playwright counts, print one summary line. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Counts {
  passed: number;
  failed: number;
  /** What failed, a line each (file, test, first line of its error), repeated under the summary. */
  failures?: string[];
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Counts from vitest's JSON report (`--reporter=json --outputFile=…`). */
export function vitestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, failures: ['vitest wrote no report'] };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    testResults?: Array<{
      name: string;
      status: string;
      message?: string;
      assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
    }>;
  };
  const failures: string[] = [];
  for (const result of report.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed with no failed test (it did not load, a hook threw) counts once.
    if (result.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(result.message)}`);
  }
  return { passed: report.numPassedTests, failed: failures.length, failures };
}

/** Terminal colour codes (ESC [ … m) taken out of a message. */
const stripColours = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

const firstLine = (text: string | undefined) => (text ?? '').trim().split('\n')[0]?.slice(0, 300) ?? '';

/** Counts from Playwright's JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME). */
export function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors?: Array<{ message?: string }>;
    suites?: PlaywrightSuite[];
  };
  // Errors outside any test (a hook, the web server, teardown) fail the run without failing a test: say them.
  for (const error of report.errors ?? []) console.log(`Playwright error outside a test: ${error.message ?? JSON.stringify(error)}`);
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
}

interface PlaywrightSuite {
  specs?: Array<{ title: string; file: string; line: number; tests?: Array<{ status: string; results?: Array<{ error?: { message?: string } }> }> }>;
  suites?: PlaywrightSuite[];
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
  // Repeated here, under the count: the tail of a long log is what is read first.
  for (const line of parts.flatMap((c) => c.failures ?? [])) console.log(`  failed: ${stripColours(line)}`);
  exitCodes.forEach((code, i) => {
    if (code !== 0 && parts[i]?.failed === 0)
      console.log(
        `${stepNames[i] ?? `step ${i + 1}`} exited with ${code} though none of its tests failed: see its errors above (unhandled errors, hooks, teardown).`,
      );
  });
  process.exit(ok ? 0 : 1);
}

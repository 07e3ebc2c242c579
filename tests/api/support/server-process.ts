/** The real server (`run-server.ts`) as a child process on a free port, for tests that need separate processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { TEST_AUTH_SECRET } from './test-server';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server on `port` over `databaseUrl` and waits until it answers; `env` adds settings, `script` another entry point (e.g. `crash-server.ts`). */
export async function startServerProcess(
  port: number,
  databaseUrl: string,
  env: Record<string, string>,
  children: Set<ChildProcess>,
  script = 'tests/api/support/run-server.ts',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

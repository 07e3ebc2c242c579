/**
 * Runs the transcode's ffmpeg and reports its progress (`-progress pipe:1`: `out_time_us=` lines)
 * as a whole percent of the source's duration. Aborting `signal` kills ffmpeg. On Linux ffmpeg is
 * started through util-linux's `setpriv --pdeathsig KILL`, so it dies with this process even when
 * this one is SIGKILLed (it would otherwise go on alone: it inherits Node's ignored SIGPIPE, so a
 * closed progress pipe does not stop it). Without `setpriv`, ffmpeg is started as it is. It runs at
 * a lower priority (nice 10): on a machine that also serves the API, requests come first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** ffmpeg's niceness: background work. */
export const TRANSCODE_NICENESS = 10;

let setprivPath: string | null | undefined;

/** util-linux's setpriv on the PATH (Linux), looked up once. */
function setpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = null;
  if (process.platform !== 'linux') return setprivPath;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    try {
      fs.accessSync(path.join(dir, 'setpriv'), fs.constants.X_OK);
      return (setprivPath = path.join(dir, 'setpriv'));
    } catch {
      // not here
    }
  }
  return setprivPath;
}

/** ffmpeg ended with an error of its own (the file could not be transcoded). */
export class TranscodeFailure extends Error {}

/** The last meaningful line ffmpeg wrote on stderr (its reason). */
function reasonOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.includes('Cannot use rename on non file protocol'));
  return (lines.at(-1) ?? 'ffmpeg stopped').replace(/^\[[^\]]+\]\s*/, '').slice(0, 300);
}

export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: { cwd: string; durationSeconds: number; signal: AbortSignal; onProgress: (percent: number) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason);
    const guard = setpriv();
    const [file, argv] = guard ? [guard, ['--pdeathsig', 'KILL', '--', ffmpegPath, ...args]] : [ffmpegPath, args];
    const child = spawn(file, argv, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      os.setPriority(child.pid!, TRANSCODE_NICENESS);
    } catch {
      // Not allowed here (or the process is already gone): it runs at our priority.
    }
    const abort = () => child.kill('SIGKILL');
    options.signal.addEventListener('abort', abort, { once: true });
    let stderr = '';
    let pending = '';
    let last = -1;
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)));
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (!match) continue;
        const percent = Math.max(0, Math.min(99, Math.floor((Number(match[1]) / 1e6 / options.durationSeconds) * 100)));
        if (percent > last) {
          last = percent;
          options.onProgress(percent);
        }
      }
    });
    child.once('error', (error) => {
      options.signal.removeEventListener('abort', abort);
      reject(error);
    });
    child.once('close', (code) => {
      options.signal.removeEventListener('abort', abort);
      if (options.signal.aborted) reject(options.signal.reason ?? new Error('The transcode was stopped'));
      else if (code === 0) resolve();
      else reject(new TranscodeFailure(`Transcoding failed: ${reasonOf(stderr)}`));
    });
  });
}

/**
 * Runs a task every few seconds, never two runs of it at once in this process (other processes
 * may run it at the same time: each job claims its rows in the database). A failed run is logged
 * and the next one comes as planned. The timer does not keep the process alive.
 */
import type { Logger } from '../logger';

export interface ScheduledJob {
  /** Runs the task now (after the current run, if one is going on). */
  runNow(): Promise<void>;
  /** No more runs; waits for the current one to end. */
  stop(): Promise<void>;
}

export function every(seconds: number, name: string, task: () => Promise<void>, logger: Logger): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await task();
      } catch (error) {
        logger.error(`${name} failed`, { error: String(error) });
      }
    });
    return running;
  };
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().then(plan), seconds * 1000);
    timer.unref();
  };
  plan();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Periodic work in the page without `setInterval`: `repeatAfter` runs a task now and again `ms`
 * after each run has finished — a chain of timeouts, so runs never overlap however long one takes.
 * Returns what stops it (a run under way finishes; none follows).
 */
export function repeatAfter(ms: number, task: () => unknown): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = () => {
    let running: unknown;
    try {
      running = task();
    } catch {
      running = undefined;
    }
    void Promise.resolve(running)
      .catch(() => undefined)
      .then(() => {
        if (!stopped) timer = setTimeout(round, ms);
      });
  };
  round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

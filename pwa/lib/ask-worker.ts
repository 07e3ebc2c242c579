/**
 * A question to a service worker, answered on a port of its own (MessageChannel): the worker replies
 * with `event.ports[0].postMessage(answer)`. Resolves with the answer, or undefined when there is
 * no worker or no answer within `timeoutMs`.
 */
export function askWorker<T>(
  worker: ServiceWorker | null | undefined,
  message: { type: string } & Record<string, unknown>,
  timeoutMs: number,
): Promise<T | undefined> {
  if (!worker) return Promise.resolve(undefined);
  const channel = new MessageChannel();
  const answer = new Promise<T | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
  });
  worker.postMessage(message, [channel.port2]);
  return answer.finally(() => channel.port1.close());
}

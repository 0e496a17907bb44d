/**
 * Queues actions through the data worker's real API, from inside a tab: the page opens one more
 * port to the same SharedWorker (same script URL and name as the app's bridge) and speaks
 * Comlink's wire format on it, the messages the bridge itself sends. The worker's own code then
 * does what a Claim (or Unclaim) button does offline: validation, limits, the outbox row with its
 * Idempotency-Key, the queue patches to every tab. Only the button and its confirm dialog are
 * skipped, because a hundred of them under a 6× throttle would take minutes and measure nothing
 * the flush figures need.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** The data worker's script as the build in `dir` (default dist) named it, as a tab's `new SharedWorker` uses it. */
export function sharedWorkerPath(dir = 'dist'): string {
  const worker = readdirSync(`${dir}/assets`).find((f) => /^shared-worker-.+\.js$/.test(f));
  if (!worker) throw new Error(`no shared-worker-*.js in ${dir}/assets: rebuild`);
  return `/assets/${worker}`;
}

/** The bridge's worker name (src-ui/state/bridge.ts, WORKER_NAME); a different name is a different worker. */
const WORKER_NAME = 'cmms-data-v1';
const CALL_TIMEOUT_MS = 30_000;

export type QueuedAction = 'claim' | 'unclaim';

/** Calls workorders.<action>(id) for each id; returns how many came back with each status. */
export function queueThroughWorker(page: Page, workerPath: string, action: QueuedAction, ids: number[]): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ workerPath, action, ids, name, timeoutMs }) => {
      interface Reply {
        id: string;
        type: 'RAW' | 'HANDLER';
        value: unknown;
      }
      const worker = new SharedWorker(workerPath, { type: 'module', name });
      const port = worker.port;
      const waiting = new Map<string, (reply: Reply) => void>();
      port.onmessage = (event: MessageEvent<Reply>) => {
        waiting.get(event.data.id)?.(event.data);
        waiting.delete(event.data.id);
      };
      port.start();
      const call = (path: string[], args: unknown[]) =>
        new Promise<Reply>((resolve, reject) => {
          const id = crypto.randomUUID();
          waiting.set(id, resolve);
          port.postMessage({ id, type: 'APPLY', path, argumentList: args.map((value) => ({ type: 'RAW', value })) });
          setTimeout(() => reject(new Error(`no answer from the data worker to ${path.join('.')} within ${timeoutMs} ms`)), timeoutMs);
        });
      const outcomes: Record<string, number> = {};
      const BATCH = 10;
      for (let i = 0; i < ids.length; i += BATCH) {
        const replies = await Promise.all(ids.slice(i, i + BATCH).map((id) => call(['workorders', action], [id])));
        for (const reply of replies) {
          // A thrown error comes back as the 'throw' handler; a result as RAW { status }.
          const status = reply.type === 'RAW' ? String((reply.value as { status?: unknown }).status) : 'error';
          outcomes[status] = (outcomes[status] ?? 0) + 1;
        }
      }
      port.close();
      return outcomes;
    },
    { workerPath, action, ids, name: WORKER_NAME, timeoutMs: CALL_TIMEOUT_MS },
  );
}

/**
 * The live hint stream from GET sync/stream/ (server-sent events over `fetch`, so the bearer token
 * goes in a header: docs/decisions.md: Live updates in both host modes). Each `head` hint newer
 * than what the device has makes it pull; nothing else travels on it. One stream per browser: the
 * context holding the Web Lock `sync-stream` keeps it (the SharedWorker; in dedicated mode one tab's
 * worker, and the next one when that tab closes). An ended stream (token expired, server restart,
 * lost connection) is opened again after a back-off, refreshing the token on the way.
 */
import { LOCKS } from '../../shared/data/bus.js';

export interface HintStreamDeps {
  open(signal: AbortSignal): Promise<Response>;
  /** Whether a stream should be open now (signed in, online). */
  wanted(): Promise<boolean>;
  onHead(head: number): void;
  /** Waits for the next moment worth trying again (back-off, or a change of session or network). */
  wait(ms: number): Promise<void>;
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Reads the named events of a server-sent event stream (`event:` and one `data:` line; comments and
 * `retry:` pass by) until it ends or `onEvent` answers false.
 */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => boolean | void): Promise<void> {
  const decoder = new TextDecoder();
  let text = '';
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    let split: number;
    while ((split = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, split);
      text = text.slice(split + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      if (event && onEvent(event, /^data: (.*)$/m.exec(block)?.[1] ?? '') === false) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  }
}

/** Reads the `head` hints of the stream until it ends (an `end` event ends it too). */
export function readHints(body: ReadableStream<Uint8Array>, onHead: (head: number) => void): Promise<void> {
  return readEvents(body, (event, data) => {
    if (event === 'head' && /^\d+$/.test(data)) onHead(Number(data));
    return event !== 'end';
  });
}

/** Keeps the stream open while `closed` is not aborted, holding the lock that makes it one per browser. */
export function keepHintStream(deps: HintStreamDeps, closed: AbortSignal): void {
  void navigator.locks
    .request(LOCKS.syncStream, { signal: closed }, async () => {
      let failures = 0;
      while (!closed.aborted) {
        if (!(await deps.wanted())) {
          await deps.wait(BACKOFF_MS[0]!);
          continue;
        }
        const opened = Date.now();
        try {
          const response = await deps.open(closed);
          if (response.body) await readHints(response.body, deps.onHead);
        } catch {
          // Offline, refused or cut: tried again after the back-off.
        }
        // A stream that lived a while ended normally (token expiry, server restart): at once again.
        failures = Date.now() - opened > 60_000 ? 0 : failures + 1;
        if (!closed.aborted) await deps.wait(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!);
      }
    })
    .catch(() => undefined); // aborted while waiting for the lock: this context is closing
}

/**
 * An in-memory Web Locks API (navigator.locks) for Node, which lacks it: exclusive and shared
 * modes, ifAvailable, steal, signal, FIFO grants, and query(). One process stands for one origin,
 * the way every context of a browser origin shares one lock manager.
 */

type Mode = 'exclusive' | 'shared';

interface LockInfoShim {
  name: string;
  mode: Mode;
  clientId: string;
}

interface Request {
  name: string;
  mode: Mode;
  grant: () => void;
}

interface Holder {
  name: string;
  mode: Mode;
  id: number;
}

type Callback<T> = (lock: LockInfoShim | null) => T | Promise<T>;

interface Options {
  mode?: Mode;
  ifAvailable?: boolean;
  steal?: boolean;
  signal?: AbortSignal;
}

function abortError(): Error {
  const error = new Error('The lock request was aborted.');
  error.name = 'AbortError';
  return error;
}

export class LockManagerShim {
  private held: Holder[] = [];
  private queue: Request[] = [];
  private nextId = 1;

  private grantable(name: string, mode: Mode): boolean {
    const holders = this.held.filter((h) => h.name === name);
    if (holders.length === 0) return true;
    return mode === 'shared' && holders.every((h) => h.mode === 'shared');
  }

  private pump(): void {
    // Grant in order; a request waits behind an earlier one for the same name.
    const blocked = new Set<string>();
    for (const request of [...this.queue]) {
      if (blocked.has(request.name)) continue;
      if (this.grantable(request.name, request.mode)) {
        this.queue.splice(this.queue.indexOf(request), 1);
        request.grant();
      } else {
        blocked.add(request.name);
      }
    }
  }

  request<T>(name: string, callback: Callback<T>): Promise<T>;
  request<T>(name: string, options: Options, callback: Callback<T>): Promise<T>;
  request<T>(name: string, optionsOrCallback: Options | Callback<T>, maybeCallback?: Callback<T>): Promise<T> {
    const options: Options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as Callback<T>;
    const mode: Mode = options.mode ?? 'exclusive';
    if (options.signal?.aborted) return Promise.reject(abortError());

    const run = async (): Promise<T> => {
      const holder: Holder = { name, mode, id: this.nextId++ };
      this.held.push(holder);
      try {
        return await callback({ name, mode, clientId: 'node' });
      } finally {
        this.held = this.held.filter((h) => h !== holder);
        this.pump();
      }
    };

    if (options.steal) {
      this.held = this.held.filter((h) => h.name !== name);
      return run();
    }
    const free = this.grantable(name, mode) && !this.queue.some((r) => r.name === name);
    if (free) return run();
    if (options.ifAvailable) return Promise.resolve().then(() => callback(null));

    return new Promise<T>((resolve, reject) => {
      const request: Request = {
        name,
        mode,
        grant: () => {
          options.signal?.removeEventListener('abort', onAbort);
          run().then(resolve, reject);
        },
      };
      const onAbort = () => {
        const index = this.queue.indexOf(request);
        if (index >= 0) {
          this.queue.splice(index, 1);
          reject(abortError());
          this.pump();
        }
      };
      options.signal?.addEventListener('abort', onAbort);
      this.queue.push(request);
    });
  }

  async query(): Promise<{ held: LockInfoShim[]; pending: LockInfoShim[] }> {
    return {
      held: this.held.map((h) => ({ name: h.name, mode: h.mode, clientId: 'node' })),
      pending: this.queue.map((r) => ({ name: r.name, mode: r.mode, clientId: 'node' })),
    };
  }
}

/** Puts a shim on `navigator.locks` when the runtime has none (Node 20 has no navigator at all). */
export function installWebLocksShim(): void {
  const g = globalThis as { navigator?: { locks?: unknown } };
  if (g.navigator?.locks) return;
  const locks = new LockManagerShim();
  if (g.navigator) {
    Object.defineProperty(g.navigator, 'locks', { value: locks, configurable: true });
  } else {
    Object.defineProperty(globalThis, 'navigator', { value: { locks, onLine: true, userAgent: 'node' }, configurable: true, writable: true });
  }
}

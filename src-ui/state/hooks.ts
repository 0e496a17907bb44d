/** React hooks over the bridge and the mirrored worker state. */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { User } from '../../shared/api/auth';
import { isTransientFailure } from '../../shared/data/errors';
import type { ReadResult } from '../../shared/data/protocol';
import { callWorker, onSynced, type WorkerRemote } from './bridge';
import { toDataError, type DataError } from './errors';
import { connection, store } from './store';

/** The signed-in user, or null (also null while the worker has not answered yet). */
export function useCurrentUser(): User | null {
  return useSnapshot(store).session.user as User | null;
}

/** The browser says it has no connection (the "Offline mode" banner, disabled Retry buttons). */
export function useIsOffline(): boolean {
  return !useSnapshot(connection).browserOnline;
}

export interface ReadState<T> {
  loading: boolean;
  result: ReadResult<T> | null;
  error: DataError | null;
  /** Reads again; resolves with the error, or null when it worked. */
  reload: () => Promise<DataError | null>;
  /** Shows data the server just answered (a write's result) in place of the read's, without reading again. */
  show: (data: T) => void;
}

/** Waits between automatic refreshes of saved data once the browser is online again. */
const STALE_RETRY_MS = [0, 5_000, 10_000, 20_000, 30_000];

/**
 * One read through the worker, keyed: a new key drops the old result. Saved (cached) data and
 * transient failures are read again when the connection returns, and again a little later while
 * they stay stale (the first attempt after reconnecting may still fail).
 */
export function useWorkerRead<T>(key: string, read: (worker: WorkerRemote) => Promise<ReadResult<T>>): ReadState<T> {
  const [state, setState] = useState<{ key: string; loading: boolean; result: ReadResult<T> | null; error: DataError | null }>({
    key,
    loading: true,
    result: null,
    error: null,
  });
  const sequence = useRef(0);
  const readRef = useRef(read);
  readRef.current = read;

  const load = useCallback((): Promise<DataError | null> => {
    const id = ++sequence.current;
    setState((s) => (s.key === key ? { ...s, loading: true } : { key, loading: true, result: null, error: null }));
    return callWorker((worker) => readRef.current(worker)).then(
      (result) => {
        // A transition: a page of cards is drawn in slices between input events, not in one long task.
        if (id === sequence.current) startTransition(() => setState({ key, loading: false, result, error: null }));
        return null;
      },
      (err: unknown) => {
        const error = toDataError(err);
        if (id === sequence.current) setState((s) => ({ key, loading: false, result: s.key === key ? s.result : null, error }));
        return error;
      },
    );
  }, [key]);

  useEffect(() => {
    void load();
  }, [load]);

  const offline = useIsOffline();
  const stale = state.key === key && Boolean(state.result?.fromCache || (state.error && isTransientFailure(state.error)));
  const attempt = useRef(0);
  useEffect(() => {
    if (offline || !stale) {
      attempt.current = 0;
      return;
    }
    if (state.loading) return;
    // Each settled read (a new result or error object) schedules the next attempt, further apart.
    const delay = STALE_RETRY_MS[Math.min(attempt.current, STALE_RETRY_MS.length - 1)]!;
    attempt.current += 1;
    const timer = setTimeout(() => void load(), delay);
    return () => clearTimeout(timer);
  }, [offline, stale, load, state.loading, state.result, state.error]);

  const show = useCallback(
    (data: T) => {
      sequence.current += 1; // a read still under way must not overwrite the fresher answer
      setState({ key, loading: false, result: { data, fromCache: false, cachedAt: new Date().toISOString() }, error: null });
    },
    [key],
  );

  const current = state.key === key ? state : { loading: true, result: null, error: null };
  return { loading: current.loading, result: current.result, error: current.error, reload: load, show };
}

/**
 * Runs `listener` when queued actions of `area` synced: for this target, or with `'any'` for
 * any record of the area (a list, which a queued create or a status change alters).
 */
export function useSynced(area: string, targetId: string | 'any' | null, listener: () => void): void {
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  useEffect(() => {
    if (targetId === null) return;
    return onSynced((syncedArea, targetIds) => {
      if (syncedArea === area && (targetId === 'any' || targetIds.includes(targetId))) listenerRef.current();
    });
  }, [area, targetId]);
}

/** The current time, updated every `intervalMs` while `active`. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/**
 * One database transaction for the whole of a request, when the request asks for it (an
 * idempotent write: see http/idempotency.ts). Repositories keep the `db` they were built with;
 * `requestScoped(db)` hands them the request's transaction while one is open in the current async
 * context, and the plain database otherwise. So a write and the record of its answer commit
 * together, or neither does, whichever module made them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type RequestTransaction = ControlledTransaction<Database>;

type Work = () => Promise<unknown>;

interface Scope {
  trx: RequestTransaction | null;
  /** Work that must wait until the request's writes are committed (deleting a replaced file). */
  afterCommit: Work[];
  /** Undoing what is outside the database when the writes are rolled back (files just stored). */
  onRollback: Work[];
}

const scopes = new AsyncLocalStorage<Scope>();
let savepoints = 0;

/** Runs `next` (the rest of a request's life) in a scope that can later hold its transaction. */
export function runInRequestScope(next: () => void): void {
  scopes.run({ trx: null, afterCommit: [], onRollback: [] }, next);
}

/** Runs `work` once the request's writes are committed: now when there is no request transaction. */
export async function afterCommit(work: Work): Promise<void> {
  const scope = scopes.getStore();
  if (scope?.trx) scope.afterCommit.push(work);
  else await work();
}

/** Runs `work` if the request's transaction is rolled back (nothing when there is none). */
export function onRollback(work: Work): void {
  const scope = scopes.getStore();
  if (scope?.trx) scope.onRollback.push(work);
}

/** Commits the request's transaction, then runs the work that waited for it. */
export async function commitRequestTransaction(trx: RequestTransaction): Promise<void> {
  const scope = scopes.getStore();
  await trx.commit().execute();
  const waiting = scope?.afterCommit.splice(0) ?? [];
  scope?.onRollback.splice(0);
  // Best effort: what is left behind (a replaced file) is harmless, the commit stands either way.
  await Promise.allSettled(waiting.map((work) => work()));
}

/** Rolls the request's transaction back (if it is still open) and undoes what lies outside it. */
export async function rollbackRequestTransaction(trx: RequestTransaction): Promise<void> {
  const scope = scopes.getStore();
  await trx
    .rollback()
    .execute()
    .catch(() => undefined); // already finished (or the connection is gone): nothing is left to undo
  const undo = scope?.onRollback.splice(0) ?? [];
  scope?.afterCommit.splice(0);
  await Promise.allSettled(undo.map((work) => work()));
}

/** Makes `trx` the transaction every scoped query of this request runs in (null: none). */
export function useRequestTransaction(trx: RequestTransaction | null): void {
  const scope = scopes.getStore();
  if (!scope) throw new Error('useRequestTransaction outside a request scope');
  scope.trx = trx;
}

/**
 * A transaction started inside the request's transaction becomes a savepoint of it: its work is
 * undone alone when it throws, as a top-level transaction's would be, and on PostgreSQL a failed
 * statement inside it does not poison the request's transaction.
 */
function nestedTransaction(trx: RequestTransaction) {
  return {
    async execute<T>(work: (inner: Transaction<Database>) => Promise<T>): Promise<T> {
      const name = `nested_${++savepoints}`;
      const inner = await trx.savepoint(name).execute();
      try {
        const result = await work(inner);
        await inner.releaseSavepoint(name).execute();
        return result;
      } catch (err) {
        await inner.rollbackToSavepoint(name).execute();
        throw err;
      }
    },
  };
}

export function requestScoped(db: Kysely<Database>): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      const trx = scopes.getStore()?.trx ?? null;
      if (trx && property === 'transaction') return () => nestedTransaction(trx);
      const source: Kysely<Database> = trx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      // Kysely's classes keep private fields: their methods must run on the real object.
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

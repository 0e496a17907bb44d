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

interface Scope {
  trx: RequestTransaction | null;
}

const scopes = new AsyncLocalStorage<Scope>();
let savepoints = 0;

/** Runs `next` (the rest of a request's life) in a scope that can later hold its transaction. */
export function runInRequestScope(next: () => void): void {
  scopes.run({ trx: null }, next);
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

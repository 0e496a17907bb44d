/**
 * The signed-in user's row, remembered by this process between requests on PostgreSQL, where reading
 * it was a round trip on every request (BENCHMARKS.md: the user's lookup). A deactivated account,
 * or one whose logins were ended, is still refused on every process as soon as the database's
 * notification reaches it (milliseconds; the row is read again on the next request):
 * - every UPDATE, DELETE or TRUNCATE of users is NOTIFYed on `cmms_users` by the database itself
 *   (migration 0018), whoever made it: any server process, the command line, a query by hand; each
 *   process forgets every remembered row when it hears one;
 * - nothing is remembered while this process's listening connection is not confirmed live (at
 *   start, after a drop): each request then reads the row, as on SQLite;
 * - a write of users through this process forgets at once too (`forgetOnUserWrites`), not waiting
 *   for its own notification;
 * - a read that began before a forget is not remembered (the generation), and no row is kept
 *   longer than MAX_AGE_MS, should a connection die without a word.
 * SQLite reads the row in-process for a few microseconds and remembers nothing.
 */
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TableNode,
  type UnknownRow,
} from 'kysely';
import { PgListener, type ListenTarget } from '../../db/pg-listener.js';
import type { UserRow } from './users.repository.js';

export const USERS_CHANNEL = 'cmms_users';
/** The longest a row is served without being read again. */
export const MAX_AGE_MS = 30_000;
/** Past this many rows, the process starts over rather than growing. */
const MAX_ROWS = 10_000;

export interface UserLookup {
  findById(id: number): Promise<UserRow | undefined>;
}

export class RememberedUsers implements UserLookup {
  readonly #rows = new Map<number, { row: UserRow; at: number }>();
  #generation = 0;
  #live = false;
  readonly #listener: PgListener | null;

  constructor(
    private readonly users: UserLookup,
    listen: ListenTarget | null,
    onError: (err: unknown) => void,
  ) {
    this.#listener = listen
      ? new PgListener(listen, USERS_CHANNEL, {
          notify: () => this.forget(),
          live: (live) => {
            this.forget();
            this.#live = live;
          },
          error: onError,
        })
      : null;
    this.#listener?.start();
  }

  /** Whether rows are being remembered now (the listening connection is live). */
  get live(): boolean {
    return this.#live;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    if (!this.#live) return this.users.findById(id);
    const kept = this.#rows.get(id);
    if (kept && Date.now() - kept.at < MAX_AGE_MS) return kept.row;
    const generation = this.#generation;
    const row = await this.users.findById(id);
    if (row && this.#live && generation === this.#generation) {
      if (this.#rows.size >= MAX_ROWS) this.#rows.clear();
      // Shared by the requests that follow: frozen, so none can change it for the others.
      this.#rows.set(id, { row: Object.freeze(row), at: Date.now() });
    }
    return row;
  }

  forget(): void {
    this.#generation++;
    this.#rows.clear();
  }

  async close(): Promise<void> {
    this.#live = false;
    this.forget();
    await this.#listener?.stop();
  }

  /** A Kysely plugin that forgets before any write to users made through the instance it is on. */
  forgetOnUserWrites(): KyselyPlugin {
    return {
      transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => {
        if (writesUsers(node)) this.forget();
        return node;
      },
      transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
    };
  }
}

/** An UPDATE or DELETE naming the users table anywhere in it (a raw query is not seen: the NOTIFY covers it). */
function writesUsers(node: RootOperationNode): boolean {
  if (node.kind !== 'UpdateQueryNode' && node.kind !== 'DeleteQueryNode') return false;
  let found = false;
  new (class extends OperationNodeTransformer {
    protected override transformTable(table: TableNode): TableNode {
      if (table.table.identifier.name === 'users') found = true;
      return table;
    }
  })().transformNode(node);
  return found;
}

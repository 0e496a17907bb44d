/**
 * One PostgreSQL connection that LISTENs on a channel for this process, kept up while wanted: it
 * connects again after a drop, and says when it is live (LISTEN confirmed) and when it is not, so
 * what relies on its notifications can fall back meanwhile (a poll, or reading the database).
 * NOTIFY is delivered at commit, in commit order, to every listening session.
 */
import pg from 'pg';

export interface ListenTarget {
  connectionString: string;
  schema: string | null;
}

/** How long a dropped listening connection waits before it connects again, doubling while it fails. */
export const RECONNECT_MS = 1_000;
/** The longest wait between attempts: a database that stays down is not asked (and logged) every second. */
export const RECONNECT_MAX_MS = 30_000;

export class PgListener {
  #client: pg.Client | null = null;
  #wanted = false;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #nextWait = RECONNECT_MS;

  constructor(
    private readonly target: ListenTarget,
    private readonly channel: string,
    private readonly on: {
      notify: (payload: string) => void;
      /** true once LISTEN is confirmed; false the moment the connection fails or ends. */
      live?: (live: boolean) => void;
      error: (err: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.#wanted) return;
    this.#wanted = true;
    void this.#connect();
  }

  async stop(): Promise<void> {
    this.#wanted = false;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    if (client) this.on.live?.(false);
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const { connectionString, schema } = this.target;
    const client = new pg.Client({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    this.#client = client;
    let down = false;
    const lost = (err?: unknown) => {
      if (down) return;
      down = true;
      if (err !== undefined && this.#wanted) this.on.error(err);
      if (this.#client !== client) return;
      this.#client = null;
      this.on.live?.(false);
      void client.end().catch(() => undefined);
      if (this.#wanted) {
        this.#retry = setTimeout(() => void this.#connect(), this.#nextWait).unref();
        this.#nextWait = Math.min(this.#nextWait * 2, RECONNECT_MAX_MS);
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => this.on.notify(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.#client === client && !down) {
        this.#nextWait = RECONNECT_MS;
        this.on.live?.(true);
      }
    } catch (err) {
      lost(err);
    }
  }
}

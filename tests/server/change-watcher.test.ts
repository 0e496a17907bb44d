/**
 * The change watcher never loses a wake-up (src-server/modules/sync/change-watcher.ts): a change
 * that commits while a check is reading the head is heard at once, not at the next safety-net poll
 * (PostgreSQL: 5 s). The head read is held open after it has read, so the change commits and its
 * NOTIFY (or the SQLite poll) arrives while that read is still in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeLogRepository } from '../../src-server/modules/sync/change-log.repository.js';
import { ChangeWatcher } from '../../src-server/modules/sync/change-watcher.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  supervisor = await t.createUser({ full: true });
});
afterAll(async () => t?.close());

/** The real log, whose first head read waits for `release` after it has read. */
class HeldFirstRead extends ChangeLogRepository {
  reads = 0;
  #release!: () => void;
  readonly released = new Promise<void>((resolve) => (this.#release = resolve));
  readonly firstReadDone: Promise<void>;
  #firstReadDone!: () => void;
  constructor(...args: ConstructorParameters<typeof ChangeLogRepository>) {
    super(...args);
    this.firstReadDone = new Promise<void>((resolve) => (this.#firstReadDone = resolve));
  }
  release(): void {
    this.#release();
  }
  override async head(): Promise<number> {
    const head = await super.head();
    if (this.reads++ === 0) {
      this.#firstReadDone();
      await this.released;
    }
    return head;
  }
}

describe('the change watcher', () => {
  it('hears a change that commits while a check is reading the head', async () => {
    const log = new HeldFirstRead(t.database.db);
    const listen = t.config.databaseUrl ? { connectionString: t.config.databaseUrl, schema: t.config.databaseSchema } : null;
    const errors: unknown[] = [];
    const watcher = new ChangeWatcher(log, listen, (err) => errors.push(err));
    const heads: number[] = [];
    const stop = watcher.subscribe((head) => heads.push(head));
    try {
      await log.firstReadDone;
      // Let the listening connection be up before the change, so its NOTIFY is the wake-up.
      if (listen) await new Promise((r) => setTimeout(r, 300));
      const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: supervisor, payload: { name: 'Committed mid-check' } });
      expect(res.statusCode).toBe(201);
      const changed = await new ChangeLogRepository(t.database.db).head();
      // The wake-up for that change comes while the first read is held (SQLite: the 250 ms poll).
      await new Promise((r) => setTimeout(r, 600));
      log.release();
      // Well inside PostgreSQL's 5 s safety net: the wake-up that came mid-check was kept.
      await expect.poll(() => heads.at(-1), { timeout: 1_500, interval: 20 }).toBe(changed);
      expect(errors).toEqual([]);
    } finally {
      stop();
      await watcher.close();
    }
  });
});

/**
 * Remembering the signed-in user between requests (src-server/modules/users/remembered-users.ts)
 * never serves a row the database has changed, both engines, on two real server processes sharing
 * one database: a deactivation, a removed full access or ended logins made through one process are
 * refused by the other, which had just served that user, as soon as the database's notification
 * reaches it (milliseconds); so is a change made by hand in the database, outside any server. And a process whose listening connection drops reads every
 * row again until it is back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONNECT_MS } from '../../src-server/db/pg-listener.js';
import type { TokenService } from '../../src-server/modules/auth/jwt.js';
import { hashPassword } from '../../src-server/modules/auth/passwords.js';
import { MAX_AGE_MS, RememberedUsers, USERS_CHANNEL } from '../../src-server/modules/users/remembered-users.js';
import { startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type Caller, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

let shared: SharedDatabase;
let one: ServerProcess;
let other: ServerProcess;
let staff: Caller;
let tokens: TokenService;

beforeAll(async () => {
  shared = await createSharedDatabase({ callers: 1 });
  const user = await shared.repositories.users.create({
    email: 'staff@example.com',
    passwordHash: await hashPassword('Staff-Password-1'),
    firstName: 'Sam',
    lastName: 'Staff',
    isActive: true,
    fullFeatureAccess: true,
    isStaff: true,
  });
  tokens = shared.tokens;
  staff = { user, headers: { authorization: `Bearer ${await tokens.accessToken(user.id)}` } };
  [one, other] = (await Promise.all([0, 1].map(() => startServer({ ...shared.env, SERVER_PROCESSES: '1' })))) as [ServerProcess, ServerProcess];
  await Promise.all([one, other].map(waitUntilReady));
}, 120_000);

afterAll(async () => {
  await Promise.all([one, other].filter(Boolean).map(stopServer));
  await shared?.close();
});

const json = { 'content-type': 'application/json' };

/**
 * How long the other process may take to hear of a change: the NOTIFY's delivery, milliseconds, but
 * longer on a machine busy with other tests. Far below MAX_AGE_MS (30 s): a row that is not forgotten
 * would still be served then, so a pass means the change was heard.
 */
const HEARD = { timeout: 2_000, interval: 10 };

async function status(server: ServerProcess, path: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${server.origin}/api/v1${path}`, { headers });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, ...(body.code ? { code: body.code } : {}) };
}

async function patchUser(id: number, changes: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${one.origin}/api/v1/admin/users/${id}/`, { method: 'PATCH', headers: { ...staff.headers, ...json }, body: JSON.stringify(changes) });
  expect(res.status).toBe(200);
}

/** A new access token for `caller` (a deactivation ends the user's logins too). */
async function signIn(caller: Caller): Promise<void> {
  caller.headers = { authorization: `Bearer ${await tokens.accessToken(caller.user.id)}` };
}

/** Serves `caller` on the other process a few times, so it is remembered there if it can be. */
async function servedOnOther(caller: Caller): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await status(other, '/maintenance/tasks/', caller.headers)).status).toBe(200);
}

describe('a signed-in user remembered by a process', () => {

  it('is refused by the other process as soon as it hears of a deactivation through one, and served again once active', async () => {
    // The waits below prove a change was heard only while a row not forgotten would outlive them.
    expect(MAX_AGE_MS).toBeGreaterThanOrEqual(HEARD.timeout * 10);
    const caller = shared.callers[0]!;
    for (let round = 0; round < 5; round++) {
      await servedOnOther(caller);
      await patchUser(caller.user.id, { is_active: false });
      await expect.poll(() => status(other, '/auth/users/me/', caller.headers), HEARD).toEqual({ status: 401, code: 'user_inactive' });
      await patchUser(caller.user.id, { is_active: true });
      await signIn(caller);
      await expect.poll(async () => (await status(other, '/auth/users/me/', caller.headers)).status, HEARD).toBe(200);
    }
  });

  it('loses full access on the other process as soon as it hears', async () => {
    const caller = shared.callers[0]!;
    await servedOnOther(caller);
    await patchUser(caller.user.id, { full_feature_access: false });
    await expect.poll(async () => (await status(other, '/maintenance/tasks/', caller.headers)).status, HEARD).toBe(403);
    await patchUser(caller.user.id, { full_feature_access: true });
    await expect.poll(async () => (await status(other, '/maintenance/tasks/', caller.headers)).status, HEARD).toBe(200);
  });

  it('is refused as soon as the process hears of a change made in the database by hand', async () => {
    const caller = shared.callers[0]!;
    for (let round = 0; round < 5; round++) {
      await servedOnOther(caller);
      // Logins ended outside the server: every access token issued before is refused.
      await shared.database.db.updateTable('users').set((eb) => ({ token_generation: eb('token_generation', '+', 1) })).where('id', '=', caller.user.id).execute();
      await expect.poll(() => status(other, '/auth/users/me/', caller.headers), HEARD).toEqual({ status: 401, code: 'token_not_valid' });
      await signIn(caller);
    }
  });
});

describe('the process that remembers', () => {
  it(usesPostgres ? 'reads every row again while its listening connection is down, and remembers once it is back' : 'remembers nothing on SQLite', async () => {
    const { users } = shared.repositories;
    const errors: unknown[] = [];
    const remembered = new RememberedUsers(
      users,
      usesPostgres ? { connectionString: shared.env.DATABASE_URL!, schema: shared.env.DATABASE_SCHEMA! } : null,
      (err) => errors.push(err),
    );
    const id = shared.callers[0]!.user.id;
    const rename = (first_name: string) => shared.database.db.updateTable('users').set({ first_name }).where('id', '=', id).execute();
    try {
      if (!usesPostgres) {
        expect(remembered.live).toBe(false);
        await remembered.findById(id);
        await rename('Unheard');
        expect((await remembered.findById(id))?.first_name).toBe('Unheard');
        return;
      }
      await expect.poll(() => remembered.live).toBe(true);
      // Remembered: the same frozen row is served again.
      const first = await remembered.findById(id);
      expect(Object.isFrozen(first)).toBe(true);
      expect(await remembered.findById(id)).toBe(first);
      // A write through an instance with the plugin forgets before the database could say so.
      const plugged = shared.database.db.withPlugin(remembered.forgetOnUserWrites());
      for (let i = 0; i < 5; i++) {
        await plugged.updateTable('users').set({ first_name: `Written ${i}` }).where('id', '=', id).execute();
        expect((await remembered.findById(id))?.first_name).toBe(`Written ${i}`);
      }
      // The listening connection ends (a database restart, a network cut): nothing is remembered.
      const admin = new pg.Client({ connectionString: shared.env.DATABASE_URL! });
      await admin.connect();
      try {
        const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid()`, [`%LISTEN ${USERS_CHANNEL}%`]);
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect.poll(() => remembered.live).toBe(false);
      // A change nobody could tell this process about is read, not missed.
      await rename('Changed while deaf');
      expect((await remembered.findById(id))?.first_name).toBe('Changed while deaf');
      await rename('Changed again');
      expect((await remembered.findById(id))?.first_name).toBe('Changed again');
      // Back after RECONNECT_MS: it remembers again, and hears the next change.
      await expect.poll(() => remembered.live, { timeout: RECONNECT_MS * 5 }).toBe(true);
      const again = await remembered.findById(id);
      expect(await remembered.findById(id)).toBe(again);
      await rename('Heard');
      await expect.poll(async () => (await remembered.findById(id))?.first_name).toBe('Heard');
      expect(errors.length).toBeGreaterThan(0); // the terminated connection was reported
    } finally {
      await remembered.close();
    }
  });
});

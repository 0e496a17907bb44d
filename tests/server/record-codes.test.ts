/**
 * Record codes (migration 0014, docs/decisions.md: Record codes): every asset and location has one
 * from the moment it exists, the database's arithmetic equals the shared function on both
 * engines (ids up to the largest an id may be), no two records share one, rows from before the
 * migration get theirs and are logged for devices to pull again, and the API answers them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '../../shared/api/common.js';
import { CODE_ALPHABET, CODE_SPACE, readCode, recordCode, codedAreaOf } from '../../shared/rules/record-codes.js';
import { migrations } from '../../src-server/db/migrations/index.js';
import type { Database } from '../../src-server/db/schema.js';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createPgSchema, createTestApp, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let db: Kysely<Database>;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  db = t.database.db;
});
afterAll(() => t.close());

describe('record codes', () => {
  it('gives neighbouring ids unlike codes and no two ids the same one', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 50_000; id++) seen.add(recordCode('assets', id));
    for (const id of [CODE_SPACE - 2, CODE_SPACE - 1, CODE_SPACE, 2 * CODE_SPACE, 31 * CODE_SPACE, ID_MAX]) seen.add(recordCode('assets', id));
    expect(seen.size).toBe(50_006);
    // Neighbours differ in more than their last character.
    const [a, b] = [recordCode('assets', 100), recordCode('assets', 101)];
    expect(a.slice(0, -1)).not.toBe(b.slice(0, -1));
  });

  it('a code read from typing or a label link is the stored one; anything else is none', () => {
    const code = recordCode('assets', 42);
    expect(readCode(code)).toBe(code);
    expect(readCode(` ${code.toLowerCase().replace('-', ' ')} `)).toBe(code);
    expect(readCode(code.replace('-', ''))).toBe(code);
    expect(readCode(`https://cmms.example.com/scan/${code}`)).toBe(code);
    expect(readCode(`http://other.host:8000/scan/${encodeURIComponent(code)}/?x=1`)).toBe(code);
    expect(codedAreaOf(code)).toBe('assets');
    expect(codedAreaOf(recordCode('locations', 42))).toBe('locations');
    for (const text of ['', 'A-', 'A-12345', 'A-OOOOO', 'X-7K3Q9', 'A-7K3Q9999', 'https://example.com/', 'https://example.com/assets/A-7K3Q9', 'hello world']) {
      expect(readCode(text), text).toBeNull();
    }
  });

  it('assets get their code at creation, and the API shows assets and locations with it', async () => {
    const location = await insertLocation(db, 'Coded Depot');
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/assets/create/',
      as: full,
      payload: { brand: 'Acme', name: 'Coded Fryer', description: 'Fryer', asset_type: 'OTHER', serial_number: 'S1', location_id: location.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json() as { id: number; code: string };
    expect(asset.code).toBe(recordCode('assets', asset.id));
    const read = await t.request({ method: 'GET', url: `/api/v1/assets/${asset.id}/`, as: full });
    expect((read.json() as { code: string }).code).toBe(asset.code);
    const place = await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/`, as: full });
    expect((place.json() as { code: string }).code).toBe(recordCode('locations', location.id));
  });

  it('a code cannot be written, and no write changes it', async () => {
    const location = await insertLocation(db, 'Fixed Code');
    await expect(sql`update locations set code = 'L-22222' where id = ${location.id}`.execute(db)).rejects.toThrow();
    await db.updateTable('locations').set({ name: 'Fixed Code 2' }).where('id', '=', location.id).execute();
    const row = await db.selectFrom('locations').select('code').where('id', '=', location.id).executeTakeFirstOrThrow();
    expect(row.code).toBe(recordCode('locations', location.id));
  });
  // Last: the ids it writes run each engine's own numbering up to its end.
  it('the database computes the shared function of the id, for ids up to the largest', async () => {
    const ids = [100_000, 100_001, 100_031, CODE_SPACE - 1, CODE_SPACE, CODE_SPACE + 1, 31 * CODE_SPACE - 1, 31 * CODE_SPACE, 1_500_000_000, ID_MAX];
    for (const id of ids) await insertLocation(db, `Coded ${id}`, id);
    const rows = await db.selectFrom('locations').select(['id', 'code']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.code])).toEqual(ids.map((id) => [id, recordCode('locations', id)]));
    expect(rows.find((r) => r.id === 100_000)!.code).toMatch(new RegExp(`^L-[${CODE_ALPHABET}]{5}$`));
    expect(rows.find((r) => r.id === CODE_SPACE)!.code).toMatch(/^L-.{6}$/);
    expect(rows.find((r) => r.id === ID_MAX)!.code).toMatch(/^L-.{7}$/);
  });
});

describe('migration 0014 on a database that has records', () => {
  let before: Db;
  let dataDir: string;
  let dropSchema: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cmms-codes-'));
    const pgSchema = usesPostgres ? await createPgSchema() : null;
    dropSchema = pgSchema?.drop ?? null;
    before = openDatabase({ dataDir, databaseUrl: pgSchema?.url ?? null, databaseSchema: pgSchema?.schema ?? null });
    // The migrations before 0014 only, as the migrator applies them.
    const upTo = migrations.findIndex((m) => m.name === '0014_record_codes');
    await before.db.transaction().execute(async (trx) => {
      for (const m of migrations.slice(0, upTo)) await m.up(trx as unknown as Kysely<unknown>, before.dialect);
    });
  });
  afterAll(async () => {
    await before.close();
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives rows from before it their codes and logs them, and nothing else, for devices to pull again', async () => {
    const raw = before.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    const one = <T extends Record<string, unknown>>(table: string, values: T) => raw.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow().then((r) => Number(r.id));
    const location = await one('locations', { location_type: 'OTHER', name: 'Before Codes', address: 'a', city: 'c', state: 's', postal_code: 'p', phone_number: '', created_at: now, updated_at: now });
    const asset = await one('assets', { brand: 'B', name: 'Old Pump', description: 'd', asset_type: 'OTHER', serial_number: 'S', location_id: location, created_at: now, updated_at: now });
    const user = await one('users', { email: 'old@example.com', email_normalized: 'old@example.com', password_hash: 'x', first_name: 'O', last_name: 'U', is_active: 1, is_staff: 0, full_feature_access: 1, date_joined: now });
    await one('work_orders', { status: 'Pending', description: 'Leaks', location_id: location, created_by_id: user, created_at: now, updated_at: now });
    const head = async () => Number((await raw.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow()).seq ?? 0);
    const seqBefore = await head();

    const m0014 = migrations.find((m) => m.name === '0014_record_codes')!;
    await before.db.transaction().execute((trx) => m0014.up(trx as unknown as Kysely<unknown>, before.dialect));

    const codes = await before.db.selectFrom('locations').select('code').where('id', '=', location).executeTakeFirstOrThrow();
    expect(codes.code).toBe(recordCode('locations', location));
    const assetCode = await before.db.selectFrom('assets').select('code').where('id', '=', asset).executeTakeFirstOrThrow();
    expect(assetCode.code).toBe(recordCode('assets', asset));
    const order = await before.db.selectFrom('work_orders').select('asset_id').executeTakeFirstOrThrow();
    expect(order.asset_id).toBeNull();
    // The location's work order shows its name, not its code: it is not logged again.
    const logged = await before.db.selectFrom('change_log').select(['entity', 'record_id', 'op']).where('seq', '>', seqBefore).orderBy('seq').execute();
    expect(logged.map((r) => [r.entity, Number(r.record_id), r.op])).toEqual([
      ['locations', location, 'upsert'],
      ['assets', asset, 'upsert'],
    ]);
  });
});

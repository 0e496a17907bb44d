/**
 * Each model's three descriptions held together: the table (as the database has it, on both
 * engines), the presenter in `modules/<area>/<area>.presenter.ts`, and the response type in
 * `shared/api/` through its key list (`…_KEYS`, which the compiler holds to the type). A real row,
 * read the way the routes read it, goes through the presenter: the answer has exactly the type's
 * keys, and every column of the table is either read by the presenter or named in its
 * `…_NOT_EXPOSED` list. A new column therefore fails here until someone decides whether it is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ENTRY_KEYS } from '../../shared/api/activity.js';
import { ADMIN_CONTACT_MESSAGE_KEYS, ADMIN_USER_KEYS } from '../../shared/api/admin.js';
import { ASSET_KEYS } from '../../shared/api/assets.js';
import { USER_KEYS } from '../../shared/api/auth.js';
import { CHEMICAL_KEYS, CHEMICAL_LOCATION_ENTRY_KEYS, CHEMICAL_QUANTITY_RECORD_KEYS } from '../../shared/api/chemicals.js';
import { CONTACT_MESSAGE_KEYS } from '../../shared/api/contact.js';
import { LABOUR_ENTRY_KEYS, WORK_ORDER_COSTS_KEYS } from '../../shared/api/labour.js';
import { LOCATION_KEYS } from '../../shared/api/locations.js';
import { WORK_REQUEST_KEYS } from '../../shared/api/requests.js';
import { METER_KEYS, METER_READING_KEYS } from '../../shared/api/meters.js';
import { MAINTENANCE_TASK_KEYS } from '../../shared/api/maintenance.js';
import { NOTIFICATION_SETTINGS_KEYS } from '../../shared/api/notifications.js';
import { PART_KEYS, PART_QUANTITY_RECORD_KEYS } from '../../shared/api/parts.js';
import { STOCK_ENTRY_KEYS } from '../../shared/api/stock-ledger.js';
import { VENDOR_KEYS } from '../../shared/api/vendors.js';
import { WASH_PACKAGE_KEYS, WASH_RECORD_KEYS } from '../../shared/api/washes.js';
import { WORK_ORDER_ATTACHMENT_KEYS, WORK_ORDER_KEYS } from '../../shared/api/workorders.js';
import { todayIn } from '../../shared/rules/task-status.js';
import type { Database } from '../../src-server/db/schema.js';
import { ACTIVITY_NOT_EXPOSED, presentActivity } from '../../src-server/modules/activity/activity.presenter.js';
import { ActivityRepository, recordActivity } from '../../src-server/modules/activity/activity.repository.js';
import { ASSET_NOT_EXPOSED, presentAsset } from '../../src-server/modules/assets/assets.presenter.js';
import { AssetsRepository } from '../../src-server/modules/assets/assets.repository.js';
import {
  CHEMICAL_LOCATION_NOT_EXPOSED,
  CHEMICAL_NOT_EXPOSED,
  CHEMICAL_QUANTITY_RECORD_NOT_EXPOSED,
  presentChemical,
  presentChemicalLocation,
  presentChemicalQuantityRecord,
} from '../../src-server/modules/chemicals/chemicals.presenter.js';
import { ChemicalsRepository } from '../../src-server/modules/chemicals/chemicals.repository.js';
import {
  ADMIN_CONTACT_MESSAGE_NOT_EXPOSED,
  CONTACT_MESSAGE_NOT_EXPOSED,
  presentAdminContactMessage,
  presentContactMessage,
} from '../../src-server/modules/contact/contact.presenter.js';
import { ContactRepository } from '../../src-server/modules/contact/contact.repository.js';
import { LABOUR_ENTRY_NOT_EXPOSED, presentLabourEntry } from '../../src-server/modules/labour/labour.presenter.js';
import { LabourRepository } from '../../src-server/modules/labour/labour.repository.js';
import { LOCATION_NOT_EXPOSED, presentLocation } from '../../src-server/modules/locations/locations.presenter.js';
import { LocationsRepository } from '../../src-server/modules/locations/locations.repository.js';
import { MAINTENANCE_TASK_NOT_EXPOSED, presentTask } from '../../src-server/modules/maintenance/maintenance.presenter.js';
import { MaintenanceRepository } from '../../src-server/modules/maintenance/maintenance.repository.js';
import { NotificationSettingsRepository } from '../../src-server/modules/notifications/notification-settings.repository.js';
import { NOTIFICATION_SETTINGS_NOT_EXPOSED, presentNotificationSettings } from '../../src-server/modules/notifications/notifications.presenter.js';
import { PART_NOT_EXPOSED, PART_QUANTITY_RECORD_NOT_EXPOSED, presentPart, presentPartQuantityRecord } from '../../src-server/modules/parts/parts.presenter.js';
import { presentStockEntry, STOCK_ENTRY_NOT_EXPOSED } from '../../src-server/modules/part-moves/part-moves.presenter.js';
import { PartsRepository } from '../../src-server/modules/parts/parts.repository.js';
import { StockRepository } from '../../src-server/modules/stock/stock.repository.js';
import { ADMIN_USER_NOT_EXPOSED, presentAdminUser, presentUser, USER_NOT_EXPOSED } from '../../src-server/modules/users/users.presenter.js';
import { UsersRepository } from '../../src-server/modules/users/users.repository.js';
import { METER_NOT_EXPOSED, METER_READING_NOT_EXPOSED, presentMeter, presentReading } from '../../src-server/modules/meters/meters.presenter.js';
import { MetersRepository } from '../../src-server/modules/meters/meters.repository.js';
import { presentRequest, WORK_REQUEST_NOT_EXPOSED } from '../../src-server/modules/requests/requests.presenter.js';
import { RequestsRepository } from '../../src-server/modules/requests/requests.repository.js';
import { presentVendor, VENDOR_NOT_EXPOSED } from '../../src-server/modules/vendors/vendors.presenter.js';
import { VendorsRepository } from '../../src-server/modules/vendors/vendors.repository.js';
import { presentWashPackage, presentWashRecord, WASH_PACKAGE_NOT_EXPOSED, WASH_RECORD_NOT_EXPOSED } from '../../src-server/modules/washes/washes.presenter.js';
import { WashesRepository } from '../../src-server/modules/washes/washes.repository.js';
import { presentAttachment, presentWorkOrder, WORK_ORDER_ATTACHMENT_NOT_EXPOSED, WORK_ORDER_NOT_EXPOSED } from '../../src-server/modules/workorders/workorders.presenter.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { insertAssets, insertChemical, insertLocation, insertPackage, insertPart, stockChemical } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const ORIGIN = 'http://cmms.test';

let t: TestApp;
let user: TestUser;
let db: TestApp['database']['db'];

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser({ full: true, staff: true });
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

/**
 * The row as the presenter sees it, with the names of the properties it reads. Enumerating the row
 * (spreading it, Object.keys) throws: a presenter names the fields it shows, so a new column cannot
 * reach the API unseen.
 */
function watched<Row extends object>(row: Row): { row: Row; read: Set<string> } {
  const read = new Set<string>();
  const proxy = new Proxy(row, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys() {
      throw new Error('A presenter lists the fields it shows; it does not spread or enumerate a row.');
    },
  });
  return { row: proxy, read };
}

/** The columns of a table as the database has them (migrations applied), from one of its rows. */
async function columnsOf(table: keyof Database, id: number, idColumn = 'id'): Promise<string[]> {
  // Any table with a numeric key column: the query is the same for each.
  const row = await db
    .selectFrom(table as 'vendors')
    .selectAll()
    .where(idColumn as 'id', '=', id)
    .executeTakeFirstOrThrow();
  return Object.keys(row).sort();
}

interface Shape<Row extends object> {
  /** The model's row, read as the routes read it. */
  row: Row;
  /** The table it comes from and the row's id there. */
  table: keyof Database;
  id: number;
  /** The key column `id` is in, where it is not `id` (notification settings: `user_id`). */
  idColumn?: string;
  present(row: Row): object;
  /** The response type's key list (shared/api). */
  keys: Readonly<Record<string, true>>;
  /** The presenter's list of columns it does not read. */
  notExposed: readonly string[];
}

async function expectShape<Row extends object>(shape: Shape<Row>): Promise<void> {
  const { row, read } = watched(shape.row);
  const answer = shape.present(row);
  expect(Object.keys(answer).sort(), 'the answer has exactly the keys of the response type').toEqual(Object.keys(shape.keys).sort());
  const columns = await columnsOf(shape.table, shape.id, shape.idColumn);
  expect(columns, 'every column named "not exposed" is a column of the table').toEqual(expect.arrayContaining([...shape.notExposed]));
  expect(
    shape.notExposed.filter((c) => read.has(c)),
    'a column named "not exposed" is not read by the presenter',
  ).toEqual([]);
  expect(
    columns.filter((c) => !read.has(c) && !shape.notExposed.includes(c)),
    'every column is either presented or named in the presenter\'s "not exposed" list',
  ).toEqual([]);
}

const now = () => new Date().toISOString();

describe('each response type, its presenter and its table agree', () => {
  it('user, as they see themselves and as the staff see them', async () => {
    const row = (await new UsersRepository(db).findById(user.user.id))!;
    await expectShape({ row, table: 'users', id: row.id, present: presentUser, keys: USER_KEYS, notExposed: USER_NOT_EXPOSED });
    await expectShape({ row, table: 'users', id: row.id, present: presentAdminUser, keys: ADMIN_USER_KEYS, notExposed: ADMIN_USER_NOT_EXPOSED });
  });

  it('vendor', async () => {
    const vendors = new VendorsRepository(db);
    const { id } = await vendors.create({ name: 'Acme', address: '1 Road', city: 'Springfield', state: 'IL', postal_code: '62701', telephone_number: '555', created_at: now(), updated_at: now() });
    await expectShape({ row: (await vendors.findById(id))!, table: 'vendors', id, present: presentVendor, keys: VENDOR_KEYS, notExposed: VENDOR_NOT_EXPOSED });
  });

  it('meter and meter reading', async () => {
    const location = await insertLocation(db, 'Meter Shapes');
    const [assetId] = (await insertAssets(db, location.id, 1, 'Metered')) as [number];
    const meters = new MetersRepository(db);
    const meter = await meters.create({ asset_id: assetId, name: 'Hours', unit: 'hours', created_at: now(), updated_at: now() }, user.user.id);
    const added = await meters.addReading(meter.id, { value: 12.5, taken_at: now(), reset: true, reason: 'New meter', user_id: user.user.id, created_at: now() }, new Date());
    const reading = added && 'row' in added ? added.row : null;
    expect(reading).not.toBeNull();
    const figures = await meters.figures([meter.id], new Date());
    await expectShape({ row: meter, table: 'meters', id: meter.id, present: (r) => presentMeter(r, figures.get(r.id)), keys: METER_KEYS, notExposed: METER_NOT_EXPOSED });
    const people = await new UsersRepository(db).refsOf([user.user.id]);
    await expectShape({ row: reading!, table: 'meter_readings', id: reading!.id, present: (r) => presentReading(r, people), keys: METER_READING_KEYS, notExposed: METER_READING_NOT_EXPOSED });
  });

  it('request from a label', async () => {
    const location = await insertLocation(db, 'Shape Request Site');
    const requests = new RequestsRepository(db);
    const row = await requests.take({ token: 'shape-token-000000000000000000', idempotency_key: null, code: 'L-SHAPE', location_id: location.id, asset_id: null, description: 'Leak', name: null, email: null, phone: null, photo: null, photo_name: null, photo_type: null, photo_size: null, status: 'new', created_at: now() });
    const relations = await requests.relationsOf([row]);
    await expectShape({ row, table: 'work_requests', id: row.id, present: (r) => presentRequest(r, relations, ORIGIN), keys: WORK_REQUEST_KEYS, notExposed: WORK_REQUEST_NOT_EXPOSED });
  });

  it('location', async () => {
    const locations = new LocationsRepository(db);
    const { id } = await insertLocation(db, 'Shapes Store');
    await expectShape({ row: (await locations.findById(id))!, table: 'locations', id, present: presentLocation, keys: LOCATION_KEYS, notExposed: LOCATION_NOT_EXPOSED });
  });

  it('asset', async () => {
    const assets = new AssetsRepository(db);
    const location = await insertLocation(db, 'Asset Store');
    const created = await assets.create({
      brand: 'Hoshizaki',
      name: 'Ice maker',
      description: 'Back room',
      asset_type: 'BEVERAGE',
      serial_number: 'SN-1',
      location_id: location.id,
      acquisition_date: '2024-01-02',
      purchase_price: 1200.5,
      thumbnail: 'assets/ice.png',
      created_at: now(),
      updated_at: now(),
      updated_by_id: user.user.id,
    });
    const row = (await assets.findById(created.id))!;
    const relations = await assets.relationsOf([row]);
    await expectShape({ row, table: 'assets', id: row.id, present: (r) => presentAsset(r, relations, ORIGIN), keys: ASSET_KEYS, notExposed: ASSET_NOT_EXPOSED });
  });

  it('work order and its attachments', async () => {
    const orders = new WorkOrdersRepository(db);
    const location = await insertLocation(db, 'Work Order Store');
    const created = await orders.create(
      { status: 'Pending', description: 'Leaking tap', location_id: location.id, created_by_id: user.user.id, created_at: now(), updated_at: now() },
      [{ stored_name: 'workorders/tap.png', original_name: 'tap.png', content_type: 'image/png', size: 10, created_at: now() }],
    );
    const row = (await orders.findById(created.id))!;
    const relations = await orders.relationsOf([row]);
    const totals = await new LabourRepository(db).totalsOf([row.id]);
    await expectShape({ row, table: 'work_orders', id: row.id, present: (r) => presentWorkOrder(r, relations, ORIGIN, totals, new Map()), keys: WORK_ORDER_KEYS, notExposed: WORK_ORDER_NOT_EXPOSED });
    expect(Object.keys(presentWorkOrder(row, relations, ORIGIN, totals, new Map()).costs!).sort()).toEqual(Object.keys(WORK_ORDER_COSTS_KEYS).sort());
    const [attachment] = relations.attachments.get(row.id)!;
    await expectShape({
      row: attachment!,
      table: 'work_order_attachments',
      id: attachment!.id,
      present: (a) => presentAttachment(a, ORIGIN),
      keys: WORK_ORDER_ATTACHMENT_KEYS,
      notExposed: WORK_ORDER_ATTACHMENT_NOT_EXPOSED,
    });
  });

  it('labour entry', async () => {
    const orders = new WorkOrdersRepository(db);
    const location = await insertLocation(db, 'Labour Shapes');
    const order = await orders.create({ status: 'Pending', description: 'Timed work', location_id: location.id, created_by_id: user.user.id, created_at: now(), updated_at: now() }, []);
    const row = await new LabourRepository(db).add({ kind: 'order', id: order.id }, user.user.id, { started_at: '2026-03-01T08:00:00.000Z', stopped_at: '2026-03-01T09:30:00.000Z', minutes: 90, date: null }, now());
    const people = await new UsersRepository(db).refsOf([row.user_id]);
    await expectShape({ row, table: 'labour_entries', id: row.id, present: (r) => presentLabourEntry(r, people, true), keys: LABOUR_ENTRY_KEYS, notExposed: LABOUR_ENTRY_NOT_EXPOSED });
  });

  it('maintenance task', async () => {
    const tasks = new MaintenanceRepository(db);
    const location = await insertLocation(db, 'Task Store');
    const created = await tasks.create(
      { location_id: location.id, description: 'Change filters', recurrence_interval: 30, last_completed_date: '2024-01-01', task_notes: 'Both units' },
      user.user.id,
      { userId: user.user.id, now: now() },
    );
    const row = (await tasks.findById(created.id))!;
    const relations = await tasks.relationsOf([row]);
    const today = todayIn(t.config.timeZone);
    await expectShape({ row, table: 'maintenance_tasks', id: row.id, present: (r) => presentTask(r, relations, today, ORIGIN), keys: MAINTENANCE_TASK_KEYS, notExposed: MAINTENANCE_TASK_NOT_EXPOSED });
  });

  it('chemical, its stock per location and its fills and counts', async () => {
    const chemicals = new ChemicalsRepository(db);
    const location = await insertLocation(db, 'Chemical Wash');
    const chemicalId = await insertChemical(db, { name: 'Foam', thumbnail: 'chemicals/foam.png' });
    const entryId = await stockChemical(db, chemicalId, location.id, 5);
    const row = (await chemicals.findById(chemicalId))!;
    const entries = await chemicals.entriesOf([chemicalId]);
    await expectShape({ row, table: 'chemicals', id: chemicalId, present: (r) => presentChemical(r, entries, ORIGIN), keys: CHEMICAL_KEYS, notExposed: CHEMICAL_NOT_EXPOSED });
    await expectShape({ row: entries[0]!, table: 'chemical_locations', id: entryId, present: presentChemicalLocation, keys: CHEMICAL_LOCATION_ENTRY_KEYS, notExposed: CHEMICAL_LOCATION_NOT_EXPOSED });
    const saved = await new StockRepository(db).recordQuantity('chemical', entryId, { kind: 'fill', date: todayIn(t.config.timeZone), quantity: 2.5, userId: user.user.id, createdAt: now() });
    if (!saved.saved) throw new Error('the fill was refused');
    const entry = (await chemicals.findEntry(entryId))!;
    await expectShape({
      row: saved.record,
      table: 'quantity_records',
      id: saved.record.id,
      present: (r) => presentChemicalQuantityRecord(r, entry, saved.current_quantity),
      keys: CHEMICAL_QUANTITY_RECORD_KEYS,
      notExposed: CHEMICAL_QUANTITY_RECORD_NOT_EXPOSED,
    });
  });

  it('part and its fills and counts', async () => {
    const parts = new PartsRepository(db);
    const location = await insertLocation(db, 'Part Shop');
    const partId = await insertPart(db, { name: 'Nozzle', location_id: location.id, quantity: 3, thumbnail: 'parts/nozzle.png' });
    await expectShape({ row: (await parts.findById(partId))!, table: 'parts', id: partId, present: (r) => presentPart(r, ORIGIN), keys: PART_KEYS, notExposed: PART_NOT_EXPOSED });
    const saved = await new StockRepository(db).recordQuantity('part', partId, { kind: 'inventory', date: todayIn(t.config.timeZone), quantity: 4, userId: user.user.id, createdAt: now() });
    if (!saved.saved) throw new Error('the count was refused');
    await expectShape({
      row: saved.record,
      table: 'quantity_records',
      id: saved.record.id,
      present: (r) => presentPartQuantityRecord(r, saved.current_quantity),
      keys: PART_QUANTITY_RECORD_KEYS,
      notExposed: PART_QUANTITY_RECORD_NOT_EXPOSED,
    });
    const entry = await db.selectFrom('stock_entries').selectAll().where('part_id', '=', partId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const people = await new UsersRepository(db).refsOf([entry.user_id]);
    await expectShape({ row: entry, table: 'stock_entries', id: entry.id, present: (r) => presentStockEntry(r, people, true), keys: STOCK_ENTRY_KEYS, notExposed: STOCK_ENTRY_NOT_EXPOSED });
  });

  it('wash package and wash record', async () => {
    const washes = new WashesRepository(db);
    const location = await insertLocation(db, 'Wash Shapes');
    const packageId = await insertPackage(db, location.id, 'Deluxe', 1);
    const [pkg] = await washes.packages(location.id);
    await expectShape({ row: pkg!, table: 'wash_packages', id: packageId, present: presentWashPackage, keys: WASH_PACKAGE_KEYS, notExposed: WASH_PACKAGE_NOT_EXPOSED });
    const created = await washes.create({ wash_package_id: packageId, location_id: location.id, count: 12, date: todayIn(t.config.timeZone), user_id: user.user.id, created_at: now() }, { package: 'Deluxe', location: 'Wash Shapes' });
    const { rows } = await washes.page({ locationId: location.id }, { page: 1, limit: 10, offset: 0 });
    await expectShape({ row: rows[0]!, table: 'wash_records', id: created.id, present: presentWashRecord, keys: WASH_RECORD_KEYS, notExposed: WASH_RECORD_NOT_EXPOSED });
  });

  it('history entry', async () => {
    const location = await insertLocation(db, 'History Shapes');
    await recordActivity(db, { area: 'locations', recordId: location.id, kind: 'edited', actorId: user.user.id, at: now(), details: { changes: [{ field: 'name', old: 'Before', new: 'History Shapes' }] } });
    const history = new ActivityRepository(db);
    const { rows } = await history.page('locations', location.id, { page: 1, limit: 10, offset: 0 });
    const people = await new UsersRepository(db).refsOf(rows.map((r) => r.actor_id));
    await expectShape({ row: rows[0]!, table: 'activity', id: rows[0]!.id, present: (r) => presentActivity(r, people), keys: ACTIVITY_ENTRY_KEYS, notExposed: ACTIVITY_NOT_EXPOSED });
  });

  it('notification settings', async () => {
    const location = await insertLocation(db, 'Notification Shapes');
    const settings = new NotificationSettingsRepository(db);
    const row = await settings.save(user.user.id, { order_created: true, order_claimed: false, order_completed: true, task_due: true, digest: false, locations: [location.id] }, now());
    await expectShape({
      row,
      table: 'notification_settings',
      id: user.user.id,
      idColumn: 'user_id',
      present: (r) => presentNotificationSettings(r),
      keys: NOTIFICATION_SETTINGS_KEYS,
      notExposed: NOTIFICATION_SETTINGS_NOT_EXPOSED,
    });
  });

  it('contact message, as its sender and as the staff see it', async () => {
    const messages = new ContactRepository(db);
    const created = await messages.create({ name: 'Pat', email: 'pat@example.com', message: 'Hello', user_id: user.user.id, created_at: now() });
    const row = (await messages.setRead(created.id, true, now()))!;
    await expectShape({ row, table: 'contact_messages', id: row.id, present: presentContactMessage, keys: CONTACT_MESSAGE_KEYS, notExposed: CONTACT_MESSAGE_NOT_EXPOSED });
    await expectShape({
      row,
      table: 'contact_messages',
      id: row.id,
      present: presentAdminContactMessage,
      keys: ADMIN_CONTACT_MESSAGE_KEYS,
      notExposed: ADMIN_CONTACT_MESSAGE_NOT_EXPOSED,
    });
  });
});

/**
 * Demo data for a fresh install: the site's locations (ids from the site configuration), people,
 * and a realistic handful of every record, with work orders and tasks in each status. Runs only on
 * a database without users, so it never touches real data.
 */
import type { Repositories } from '../db/repositories.js';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { resyncIdentity } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { UsersRepository } from '../modules/users/users.repository.js';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'full access', email: 'supervisor@example.com', password: 'Supervisor-Demo-1' },
  { role: 'limited', email: 'technician@example.com', password: 'Technician-Demo-1' },
];

/**
 * The demo logins that still work as published: the account is active and its password is still
 * the demo one. On an address other machines can reach, anyone could sign in with them.
 */
export async function demoLoginsStillOpen({ users }: Pick<Repositories, 'users'>): Promise<DemoLogin[]> {
  const open: DemoLogin[] = [];
  for (const login of DEMO_LOGINS) {
    const user = await users.findByEmail(login.email);
    if (user?.is_active === 1 && (await verifyPassword(user.password_hash, login.password))) open.push(login);
  }
  return open;
}

/** Why the server will not start on `host` while `open` demo logins work, and the commands that end them. */
export function demoOnPublicAddressMessage(host: string, open: DemoLogin[]): string {
  return [
    `Refusing to start on HOST=${host}, an address other machines can reach: the demo account${open.length === 1 ? '' : 's'} ${open.map((l) => l.email).join(', ')} still ${open.length === 1 ? 'has its' : 'have their'} published password${open.length === 1 ? '' : 's'}.`,
    'Give each a password of its own, or switch it off (run with the same DATA_DIR or DATABASE_URL as the server):',
    ...open.map((l) => `  npm run cli -- set-password --email ${l.email} --password NEW_PASSWORD`),
    '  npm run cli -- deactivate --email EMAIL   (the last active staff user stays: make another user staff first)',
    'Or serve on a loopback address only (HOST=127.0.0.1).',
  ].join('\n');
}

/** Creates demo data when the database has no users yet; returns the logins, or null when it did nothing. */
export async function seedDemoData(database: Db, config: Config): Promise<DemoLogin[] | null> {
  const any = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  await database.db.transaction().execute(async (trx) => {
    await seed(trx, database.dialect === 'postgres' ? 'postgres' : 'sqlite', config);
  });
  return DEMO_LOGINS;
}

async function seed(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', config: Config): Promise<void> {
  const users = new UsersRepository(db);
  const now = new Date();
  const iso = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  const today = todayIn(config.timeZone, now);

  const supervisor = await users.create({ email: DEMO_LOGINS[0]!.email, passwordHash: await hashPassword(DEMO_LOGINS[0]!.password), firstName: 'Sam', lastName: 'Rivera', isActive: true, fullFeatureAccess: true, isStaff: true });
  const technician = await users.create({ email: DEMO_LOGINS[1]!.email, passwordHash: await hashPassword(DEMO_LOGINS[1]!.password), firstName: 'Terry', lastName: 'Nguyen', isActive: true, fullFeatureAccess: false, isStaff: false });
  // A second full-access colleague, so some orders show as claimed by someone else. No known password.
  const colleague = await users.create({ email: 'alex.mechanic@example.com', passwordHash: await hashPassword(randomUUID()), firstName: 'Alex', lastName: 'Morgan', isActive: true, fullFeatureAccess: true, isStaff: false });

  // ---- locations: every configured site id, then a couple of ordinary stores
  const warehouse = config.site.chemicalReportLocationId;
  const washSites = config.site.chemicalLocationIds.filter((id) => id !== warehouse);
  const siteIds = [...new Set([...config.site.chemicalLocationIds, ...config.site.partLocationIds])];
  const washNames: [string, string, string][] = [
    ['Riverside Car Wash', '410 Riverside Dr', 'Dallas'],
    ['Highway 9 Travel Center', '9800 State Hwy 9', 'Plano'],
    ['Lakeview Express Wash', '77 Lakeview Blvd', 'Garland'],
  ];
  const place = (id: number) => {
    const washIndex = washSites.indexOf(id);
    const [name, address, city] =
      id === warehouse
        ? ['Central Supply Warehouse', '1200 Commerce St', 'Dallas']
        : washIndex >= 0
          ? (washNames[washIndex] ?? [`Car Wash ${washIndex + 1}`, `${100 + washIndex} Wash Ln`, 'Dallas'])
          : ['North Parts Depot', '55 Industrial Pkwy', 'Richardson'];
    return {
      id, name: `${id} ${name}`, location_type: washIndex >= 0 ? 'GENERAL STORE' : 'OTHER', address, city, state: 'TX', postal_code: String(75000 + (id % 1000)),
      phone_number: `(214) 555-${String(id % 10000).padStart(4, '0')}`, epos: washIndex >= 0 ? `EP-${id}` : null, verifone_id: washIndex === 0 ? 'VF-20931' : null,
      sagenet_id: washIndex === 0 ? 'SG-5521' : null, occ_id: washIndex === 1 ? 'OCC-77' : null, created_at: iso(2000), updated_at: iso(2000),
    };
  };
  await db.insertInto('locations').values(siteIds.map(place)).execute();
  await resyncIdentity(db, dialect, 'locations');
  const store = await db.insertInto('locations').values({ name: 'Main Street Market', location_type: 'GENERAL STORE', address: '12 Main St', city: 'Dallas', state: 'TX', postal_code: '75201', phone_number: '(214) 555-0142', epos: null, verifone_id: null, sagenet_id: null, occ_id: null, created_at: iso(1500), updated_at: iso(1500) }).returning('id').executeTakeFirstOrThrow();
  const diner = await db.insertInto('locations').values({ name: 'Sunrise Diner', location_type: 'RESTAURANT', address: '88 Elm Ave', city: 'Irving', state: 'TX', postal_code: '75060', phone_number: '(972) 555-0199', epos: 'EP-D1', verifone_id: null, sagenet_id: null, occ_id: null, created_at: iso(1500), updated_at: iso(1500) }).returning('id').executeTakeFirstOrThrow();
  const firstWash = washSites[0] ?? store.id;

  // ---- vendors
  await db.insertInto('vendors').values([
    { name: 'Lone Star Wash Supply', address: '300 Supply Rd', city: 'Dallas', state: 'TX', postal_code: '75212', telephone_number: '(214) 555-0110', created_at: iso(1800), updated_at: iso(1800) },
    { name: 'Metro Refrigeration Services', address: '19 Cold St', city: 'Fort Worth', state: 'TX', postal_code: '76102', telephone_number: '(817) 555-0123', created_at: iso(1700), updated_at: iso(1700) },
    { name: 'Precision Pump & Nozzle', address: '701 Pressure Ave', city: 'Arlington', state: 'TX', postal_code: '76010', telephone_number: '(817) 555-0177', created_at: iso(1600), updated_at: iso(1600) },
    { name: 'Bright Electric Co.', address: '5 Volt Way', city: 'Plano', state: 'TX', postal_code: '75074', telephone_number: '(972) 555-0150', created_at: iso(1500), updated_at: iso(1500) },
  ]).execute();

  // ---- assets
  const asset = (brand: string, name: string, description: string, type: string, serial: string, location: number | null, acquired: string | null, price: number | null) => ({
    brand, name, description, asset_type: type, serial_number: serial, location_id: location, acquisition_date: acquired, purchase_price: price, thumbnail: null, created_at: iso(1400), updated_at: iso(1400),
  });
  const assetIds = (await db.insertInto('assets').values([
    asset('True', 'Reach-in Cooler', 'Two-door beverage cooler by the registers', 'BEVERAGE', 'TRU-GDM49-8812', store.id, '2022-04-18', 3899),
    asset('Bunn', 'Coffee Brewer', 'Dual-head brewer, front counter', 'FOOD SERVICE', 'BUNN-ICB-22031', store.id, '2023-01-09', 1450),
    asset('Generac', 'Standby Generator', '22 kW standby generator behind the building', 'GENERATOR', 'GNR-22K-55120', firstWash, '2021-08-30', 11250),
    asset('Gilbarco', 'Fuel Dispenser 3/4', 'Encore 700 dispenser, pumps 3 and 4', 'FUELING EQUIPMENT', 'GB-E700-34988', washSites[1] ?? store.id, '2020-06-02', 18900),
    asset('Dell', 'Back-office PC', 'Manager workstation', 'IT', 'DL-OPT-7090-1123', diner.id, '2024-02-14', 980),
    asset('Ford', 'Service Van', 'Transit 250 maintenance van', 'VEHICLE', '1FTBR1C8XLKA21234', null, '2019-11-20', 38500),
    asset('Hoshizaki', 'Ice Machine', 'Cube ice maker with bin', 'FOOD SERVICE', 'HZ-KM515-7765', diner.id, '2022-09-01', 4100),
    asset('Coca-Cola', 'Fountain Dispenser', '8-valve fountain drink dispenser', 'BEVERAGE', 'CC-FD8-22219', store.id, null, null),
  ]).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b);

  // ---- work orders, each status
  const wo = (description: string, location: number, hoursAgo: number, status: 'Pending' | 'Claimed' | 'Completed', assignee: number | null, notes: string | null = null) => ({
    description, location_id: location, status, created_by_id: technician.id, created_at: iso(hoursAgo), updated_at: iso(hoursAgo / 2),
    assigned_to_id: assignee, claimed_at: assignee ? iso(hoursAgo / 2) : null,
    field_notes: status === 'Completed' ? notes : null, completed_at: status === 'Completed' ? iso(hoursAgo / 3) : null, completed_by_id: status === 'Completed' ? assignee : null,
  });
  const orderIds = (await db.insertInto('work_orders').values([
    wo('Dryer blower at the exit makes a grinding noise and trips the breaker.', firstWash, 200, 'Completed', supervisor.id, 'Replaced the blower motor bearings; breaker holds.'),
    wo('Reach-in cooler not holding temperature (reads 48°F).', store.id, 150, 'Completed', colleague.id, 'Cleaned condenser coils and replaced the fan motor.'),
    wo('Ice machine producing thin, cloudy ice.', diner.id, 96, 'Claimed', colleague.id),
    wo('Pump 4 card reader rejects chip cards.', washSites[1] ?? store.id, 72, 'Claimed', supervisor.id),
    wo('Tire shine applicator arm is stuck in the raised position.', firstWash, 30, 'Pending', null),
    wo('Back door closer leaking oil; door slams.', store.id, 20, 'Pending', null),
    wo('Flickering light over the prep line.', diner.id, 8, 'Pending', null),
    wo('Salt bin lid cracked, water getting in.', washSites[2] ?? firstWash, 3, 'Pending', null),
  ]).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b);

  // ---- what the work cost (docs/decisions.md: What the work costs): hourly rates, and the time of the two completed orders
  const rates: [number, number][] = [[supervisor.id, 4500], [technician.id, 2800], [colleague.id, 3800]];
  for (const [id, cents] of rates) await db.updateTable('users').set({ hourly_rate_cents: cents }).where('id', '=', id).execute();
  // The cooler's repair was on the cooler.
  await db.updateTable('work_orders').set({ asset_id: assetIds[0]! }).where('id', '=', orderIds[1]!).execute();
  const time = (orderId: number, userId: number, rateCents: number, hoursAgo: number, minutes: number) => ({
    work_order_id: orderId, task_id: null, task_completion_id: null, user_id: userId, started_at: iso(hoursAgo), stopped_at: iso(hoursAgo - minutes / 60), minutes, date: null, rate_cents: rateCents, created_at: iso(hoursAgo - minutes / 60), deleted_at: null,
  });
  await db.insertInto('labour_entries').values([time(orderIds[0]!, supervisor.id, 4500, 90, 95), time(orderIds[1]!, colleague.id, 3800, 70, 120), time(orderIds[1]!, colleague.id, 3800, 52, 35)]).execute();

  // ---- maintenance tasks, one in each status relative to today
  const task = (description: string, location: number, interval: number, lastCompleted: string, throughSystem: boolean, assignee: number | null = null) => ({
    description, location_id: location, recurrence_interval: interval, last_completed_date: lastCompleted, completed_through_system: throughSystem ? 1 as const : 0 as const,
    task_notes: null, created_by_id: supervisor.id, created_at: iso(3000), updated_at: iso(24), assigned_to_id: assignee, claimed_at: assignee ? iso(2) : null,
    last_completed_by_id: throughSystem ? supervisor.id : null, last_completed_at: throughSystem ? iso(24 * 3) : null, field_notes: null,
  });
  const taskRows = [
    task('Inspect and clean wash bay drains and grates', firstWash, 7, addDays(today, -2), true),
    task('Replace HVAC filters', store.id, 90, addDays(today, -80), true),
    task('Lubricate conveyor chain and rollers', firstWash, 30, addDays(today, -30), true),
    task('Test standby generator under load', firstWash, 30, addDays(today, -45), true),
    task('Descale coffee brewer', store.id, 14, today, true),
    task('Check fire extinguisher tags', diner.id, 365, addDays(today, -100), false),
    task('Calibrate fuel dispenser meters', washSites[1] ?? store.id, 90, addDays(today, -60), true, colleague.id),
  ];
  await db.insertInto('maintenance_tasks').values(taskRows.map((t) => ({ ...t, due_date: addDays(t.last_completed_date, t.recurrence_interval) }))).execute();

  // ---- chemicals with quantities at every chemical location
  const chemicalNames: [string, string, string, string][] = [
    ['Morton', 'Salt', 'Water softener salt pellets, 40 lb sacks', 'Salt'],
    ['Blue Coral', 'Presoak Alkaline', 'High-pH presoak for bug and road film removal', 'Detergent'],
    ['Simoniz', 'Triple Foam Polish', 'Red, blue and yellow conditioning foam', 'Polish'],
    ['Turtle Wax', 'Tire Shine', 'Solvent-based tire dressing', 'Dressing'],
    ['Zep', 'Spot-Free Rinse Aid', 'Drying agent for the final rinse', 'Rinse Aid'],
  ];
  const chemicalLocations = config.site.chemicalLocationIds;
  for (const [i, [brand, name, description, type]] of chemicalNames.entries()) {
    const chem = await db.insertInto('chemicals').values({ brand, name, description, chemical_type: type, thumbnail: null, created_at: iso(2500) }).returning('id').executeTakeFirstOrThrow();
    for (const [j, locationId] of chemicalLocations.entries()) {
      const qty = Math.round((12 + i * 7.5 + j * 3.25) * 100) / 100;
      const cl = await db.insertInto('chemical_locations').values({ chemical_id: chem.id, location_id: locationId, current_quantity: qty }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('quantity_records').values([
        { kind: 'inventory', chemical_location_id: cl.id, part_id: null, date: addDays(today, -7), quantity: qty - 5, user_id: supervisor.id, created_at: iso(24 * 7) },
        { kind: 'fill', chemical_location_id: cl.id, part_id: null, date: addDays(today, -3), quantity: 5, user_id: supervisor.id, created_at: iso(24 * 3) },
      ]).execute();
    }
  }

  // ---- wash packages and the last week of counts at each wash site
  const packages = ['Basic Wash', 'Deluxe Wash', 'Ultimate Shine', 'The Works'];
  for (const site of washSites) {
    for (const [order, name] of packages.entries()) {
      const pkg = await db.insertInto('wash_packages').values({ location_id: site, name, sort_order: order }).returning('id').executeTakeFirstOrThrow();
      const records = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
        wash_package_id: pkg.id, location_id: site, count: 20 + ((site + d * 7 + order * 13) % 35), date: addDays(today, -d), user_id: supervisor.id, created_at: iso(24 * d),
      }));
      await db.insertInto('wash_records').values(records).execute();
    }
  }

  // ---- parts at the part locations
  const partRows: [string, string, string, string, string, number, number][] = [
    ['Parker', 'Hydraulic Hose 3/8"', 'High-pressure hose, 25 ft', 'Hose', 'PH-38-25', 6, 8950],
    ['Cat Pumps', 'Plunger Seal Kit', 'Seal kit for 5CP pumps', 'Pump Part', 'CP-30714', 12, 4275],
    ['Gates', 'Drive Belt B52', 'V-belt for blower motors', 'Belt', 'GT-B52', 9, 1880],
    ['Suttner', 'Spray Nozzle 2.5', 'Stainless zero-degree nozzle', 'Nozzle', 'ST-25-0', 40, 640],
    ['Pentair', 'Water Filter Cartridge', '5 micron sediment filter', 'Filter', 'PT-155358', 18, 1420],
    ['Baldor', 'Blower Motor Brush Set', 'Carbon brushes for 15 HP motors', 'Motor Part', 'BD-BR15', 4, 3100],
  ];
  for (const [i, [brand, name, description, type, item, qty, unitCost]] of partRows.entries()) {
    const locationId = config.site.partLocationIds[i % config.site.partLocationIds.length]!;
    const part = await db
      .insertInto('parts')
      .values({ brand, name, description, part_type: type, item_number: item, location_id: locationId, quantity: qty, thumbnail: null, created_at: iso(2200), unit_cost_cents: unitCost })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its stock ledger starts with what it has (docs/decisions.md: What the work costs): a quantity is the sum of its entries.
    if (qty !== 0) {
      await db.insertInto('stock_entries').values({ part_id: part.id, kind: 'opening', change: qty, quantity_after: qty, unit_cost_cents: unitCost, user_id: null, created_at: iso(2200) }).execute();
    }
  }

  await db.insertInto('contact_messages').values({ name: 'Jordan Blake', email: 'jordan.blake@example.com', message: 'Can we get a second pressure washer at the Riverside site?', user_id: null, created_at: iso(12) }).execute();
}

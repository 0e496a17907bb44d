/**
 * The start every inventory area's test file shares (chemicals, parts, washes): a test app, a
 * full-access and a limited user, the site's locations under their configured ids, and today in
 * the site's time zone.
 */
import { todayIn } from '../../shared/rules/task-status.js';
import { insertLocation, type LocationFixture } from './inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';

export interface InventoryApp<Sites extends readonly (readonly [string, number])[]> {
  t: TestApp;
  full: TestUser;
  limited: TestUser;
  /** One per site asked for, in the same order. */
  locations: { [K in keyof Sites]: LocationFixture };
  today: string;
}

/** `sites` are [name, id] pairs: ids that match the configured chemical or part locations. */
export async function inventoryApp<const Sites extends readonly (readonly [string, number])[]>(sites: Sites): Promise<InventoryApp<Sites>> {
  const t = await createTestApp();
  const full = await t.createUser({ full: true });
  const limited = await t.createUser();
  const locations: LocationFixture[] = [];
  for (const [name, id] of sites) locations.push(await insertLocation(t.database.db, name, id));
  return { t, full, limited, locations: locations as InventoryApp<Sites>['locations'], today: todayIn(t.config.timeZone) };
}

/**
 * The areas of the client, in one realm-free place: each area's name (its WorkerCalls group, the
 * `domain` of its queued items, the `synced` event's area) and its labels, used by the data worker and the tabs
 * alike (the Offline Activity panel titles a queued item with `itemLabel`).
 *
 * Adding an area: one entry in AREAS, its calls in `shared/areas/<name>.ts` added to AreaCalls,
 * then its worker module `src-worker/areas/<name>.ts` (found by the worker on its own) and  * screens. Nothing else is wired by hand.
 */
import type { AssetsCalls } from './assets.js';
import type { AdminCalls } from './admin.js';
import type { ChemicalsCalls, WashesCalls } from './chemicals.js';
import type { CodesCalls } from './codes.js';
import type { ContactCalls } from './contact.js';
import type { KpisCalls } from './kpis.js';
import type { LabourCalls } from './labour.js';
import type { LocationsCalls } from './locations.js';
import type { MaintenanceCalls } from './maintenance.js';
import type { MetersCalls } from './meters.js';
import type { NotificationsCalls } from './notifications.js';
import type { PartmovesCalls } from './partmoves.js';
import type { PartsCalls } from './parts.js';
import type { RequestsCalls } from './requests.js';
import type { SettingsCalls } from './settings.js';
import type { VendorsCalls } from './vendors.js';
import type { WorkordersCalls } from './workorders.js';

export interface AreaInfo {
  /** The area as a whole, e.g. "Work orders". */
  label: string;
  /** One record of it, e.g. "Work order" (the panel's "Work order · Claim"). */
  itemLabel: string;
}

export const AREAS = {
  workorders: { label: 'Work orders', itemLabel: 'Work order' },
  locations: { label: 'Locations', itemLabel: 'Location' },
  assets: { label: 'Assets', itemLabel: 'Asset' },
  maintenance: { label: 'Preventative Maintenance', itemLabel: 'Task' },
  parts: { label: 'Parts', itemLabel: 'Part' },
  settings: { label: 'Site settings', itemLabel: 'Setting' },
  vendors: { label: 'Vendors', itemLabel: 'Vendor' },
  chemicals: { label: 'Chemicals', itemLabel: 'Chemical' },
  washes: { label: 'Car washes', itemLabel: 'Wash count' },
  contact: { label: 'Contact Us', itemLabel: 'Message' },
  admin: { label: 'Administration', itemLabel: 'User' },
  kpis: { label: 'Key figures', itemLabel: 'Figure' },
  codes: { label: 'Labels', itemLabel: 'Label' },
  notifications: { label: 'Notifications', itemLabel: 'Notification setting' },
  meters: { label: 'Meters', itemLabel: 'Meter reading' },
  requests: { label: 'Requests', itemLabel: 'Request' },
  labour: { label: 'Labour', itemLabel: 'Time' },
  partmoves: { label: 'Parts used', itemLabel: 'Part used' },
} as const satisfies Record<string, AreaInfo>;

export type AreaName = keyof typeof AREAS;

/** Each area's group of WorkerCalls calls, by area name. */
export interface AreaCalls {
  workorders: WorkordersCalls;
  locations: LocationsCalls;
  assets: AssetsCalls;
  maintenance: MaintenanceCalls;
  parts: PartsCalls;
  settings: SettingsCalls;
  vendors: VendorsCalls;
  chemicals: ChemicalsCalls;
  washes: WashesCalls;
  contact: ContactCalls;
  admin: AdminCalls;
  kpis: KpisCalls;
  codes: CodesCalls;
  notifications: NotificationsCalls;
  meters: MetersCalls;
  requests: RequestsCalls;
  labour: LabourCalls;
  partmoves: PartmovesCalls;
}

/** Fails to compile when an area has calls but no entry in AREAS, or the other way round. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const AREAS_MATCH_APIS: Same<keyof AreaCalls, AreaName> = true;

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(AREAS, name);
}

/** The label of one record of `area`, or the name itself for one this build does not know. */
export function areaItemLabel(area: string): string {
  return isAreaName(area) ? AREAS[area].itemLabel : area;
}

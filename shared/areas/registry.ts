/**
 * The areas of the client, in one realm-free place: each area's name (its WorkerCalls group, the
 * `domain` of its queued items, the `synced` event's area) and its labels, used by the data worker and the tabs
 * alike (the Offline Activity panel titles a queued item with `itemLabel`).
 *
 * Adding an area: one entry in AREAS, its calls in `shared/areas/<name>.ts` added to AreaCalls,
 * then its worker module `src-worker/areas/<name>.ts` (found by the worker on its own) and  * screens. Nothing else is wired by hand.
 */
import { msg } from '../i18n/translate.js';
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
  workorders: { label: msg('Work orders'), itemLabel: msg('Work order') },
  locations: { label: msg('Locations'), itemLabel: msg('Location') },
  assets: { label: msg('Assets'), itemLabel: msg('Asset') },
  maintenance: { label: msg('Preventative Maintenance'), itemLabel: msg('Task') },
  parts: { label: msg('Parts'), itemLabel: msg('Part') },
  settings: { label: msg('Site settings'), itemLabel: msg('Setting') },
  vendors: { label: msg('Vendors'), itemLabel: msg('Vendor') },
  chemicals: { label: msg('Chemicals'), itemLabel: msg('Chemical') },
  washes: { label: msg('Car washes'), itemLabel: msg('Wash count') },
  contact: { label: msg('Contact Us'), itemLabel: msg('Message') },
  admin: { label: msg('Administration'), itemLabel: msg('User') },
  kpis: { label: msg('Key figures'), itemLabel: msg('Figure') },
  codes: { label: msg('Labels'), itemLabel: msg('Label') },
  notifications: { label: msg('Notifications'), itemLabel: msg('Notification setting') },
  meters: { label: msg('Meters'), itemLabel: msg('Meter reading') },
  requests: { label: msg('Requests'), itemLabel: msg('Request') },
  labour: { label: msg('Labour'), itemLabel: msg('Time') },
  partmoves: { label: msg('Parts used'), itemLabel: msg('Part used') },
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

/**
 * Outbox domains that are not areas: the user's own account settings (its language, saved through
 * the queue like an area's write, `src-worker/session/account-writes.ts`).
 */
export const ACCOUNT_DOMAIN = 'account';
/** What a queued write belongs to: an area, or the user's own account. */
export type OutboxDomain = AreaName | typeof ACCOUNT_DOMAIN;
const OTHER_DOMAIN_LABELS: Record<string, string> = { [ACCOUNT_DOMAIN]: msg('Account') };

/** The label of one record of `area` (marked for the catalogue: say it with `t`), or the name itself for one this build does not know. */
export function areaItemLabel(area: string): string {
  return isAreaName(area) ? AREAS[area].itemLabel : (OTHER_DOMAIN_LABELS[area] ?? area);
}

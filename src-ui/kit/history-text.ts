/**
 * The words of a history entry (docs/decisions.md: History on every record): what happened, who and
 * when, and the lines below it (each changed field before and after, the notes, the quantities). Pure,
 * so it is tested without a screen. Not in the spec: its texts are the section's own.
 */
import type { ActivityEntry, ActivityValue, FieldChange } from '../../shared/api/activity';
import { msg, t } from '../../shared/i18n/translate';
import { formatDate, formatDateTime, formatMinutes, formatPrice, formatQuantity, formatReading, fullName } from '../format/display';

/** The section's own texts, said with `t` where shown. */
export const HISTORY_TEXTS = {
  title: msg('History'),
  loading: msg('Loading the history...'),
  empty: msg('Nothing has been recorded yet.'),
  failure: msg('Failed to load the history.'),
  saved: msg("Showing the saved history. We'll refresh once the connection returns."),
  /** Who made an entry without a user: the command line or the demo data. */
  noActor: msg('System'),
  emptyValue: msg('(empty)'),
} as const;

const KIND_WORDS: Record<ActivityEntry['kind'], string> = {
  created: msg('Created'),
  edited: msg('Edited'),
  moved: msg('Moved'),
  claimed: msg('Claimed'),
  unclaimed: msg('Unclaimed'),
  completed: msg('Completed'),
  filled: msg('Filled'),
  counted: msg('Inventory counted'),
  wash_counted: msg('Wash count recorded'),
  activated: msg('Account activated'),
  access_changed: msg('Access changed'),
  meter_added: msg('Meter added'),
  meter_removed: msg('Meter removed'),
  meter_read: msg('Meter read'),
  reading_voided: msg('Reading voided'),
  labour_added: msg('Time added'),
  labour_deleted: msg('Time deleted'),
  timer_started: msg('Timer started'),
  timer_stopped: msg('Timer stopped'),
  part_issued: msg('Part used'),
  part_returned: msg('Part returned'),
};

/** Field labels as the screens and forms name them (behaviour §2, 3). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  location: msg('Location'),
  description: msg('Description'),
  recurrence_interval: msg('Recurrence Interval (days)'),
  last_completed_date: msg('Last Completed Date'),
  due_date: msg('Due Date'),
  task_notes: msg('Task Notes'),
  procedure: msg('Procedure'),
  brand: msg('Brand'),
  name: msg('Name'),
  asset_type: msg('Asset Type'),
  serial_number: msg('Serial Number'),
  acquisition_date: msg('Acquisition Date'),
  purchase_price: msg('Purchase Price'),
  thumbnail: msg('Thumbnail'),
  location_type: msg('Location Type'),
  address: msg('Address'),
  city: msg('City'),
  state: msg('State'),
  postal_code: msg('Postal Code'),
  phone_number: msg('Phone Number'),
  epos: msg('EPOS'),
  verifone_id: msg('VeriFone ID'),
  sagenet_id: msg('Sagenet ID'),
  occ_id: msg('OCC ID'),
  telephone_number: msg('Telephone Number'),
  full_feature_access: msg('Full access'),
  is_staff: msg('Staff'),
  is_active: msg('Active'),
};

/** Fields whose values are calendar days or prices, shown as the screens show them. */
const DATE_FIELDS: ReadonlySet<string> = new Set(['last_completed_date', 'due_date', 'acquisition_date']);
const PRICE_FIELDS: ReadonlySet<string> = new Set(['purchase_price']);

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return t(known);
  // A field the table does not name yet: its API name, readable (no catalogue has it).
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function valueText(field: string, value: ActivityValue): string {
  if (value === null || value === '') return t(HISTORY_TEXTS.emptyValue);
  if (typeof value === 'object') return value.name || `#${value.id}`;
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (typeof value === 'number') return PRICE_FIELDS.has(field) ? formatPrice(value) : String(value);
  return DATE_FIELDS.has(field) ? formatDate(value) || value : value;
}

/** "Description: Old → New"; a value the history does not keep (both null) reads "Thumbnail: changed". */
export function changeText(change: FieldChange): string {
  const label = fieldLabel(change.field);
  if (change.old === null && change.new === null) return t('{field}: changed', { field: label });
  return t('{field}: {old} → {new}', { field: label, old: valueText(change.field, change.old), new: valueText(change.field, change.new) });
}

/** The entry's first line: what happened ("Moved to Store B", "Filled: 3.00"). */
export function headline(entry: ActivityEntry): string {
  const d = entry.details;
  const words = KIND_WORDS[entry.kind];
  const plain = words ? t(words) : fieldLabel(entry.kind);
  switch (entry.kind) {
    case 'moved': {
      const to = d.changes?.find((c) => c.field === 'location')?.new;
      return to && typeof to === 'object' ? t('Moved to {location}', { location: valueText('location', to) }) : plain;
    }
    case 'filled':
      return d.quantity === undefined ? plain : t('Filled: {quantity}', { quantity: formatQuantity(d.quantity) });
    case 'counted':
      return d.quantity === undefined ? plain : t('Inventory counted: {quantity}', { quantity: formatQuantity(d.quantity) });
    case 'wash_counted':
      return d.wash_package === undefined ? plain : t('Wash count recorded: {package} {count}', { package: d.wash_package, count: String(d.count ?? 0) });
    case 'created':
      if (d.from_request !== undefined) return t('Created from Request #{request}', { request: String(d.from_request) });
      return d.follow_up_of_task === undefined ? plain : t('Created by the completion of Task #{task}', { task: String(d.follow_up_of_task) });
    case 'meter_added':
      return d.meter === undefined ? plain : t('Meter added: {meter} ({unit})', { meter: d.meter, unit: d.unit ?? '' });
    case 'meter_removed':
      return d.meter === undefined ? plain : t('Meter removed: {meter} ({unit})', { meter: d.meter, unit: d.unit ?? '' });
    case 'meter_read':
      if (d.meter === undefined || d.value === undefined) return plain;
      return t('Meter read: {meter} {value} {unit}', { meter: d.meter, value: formatReading(d.value), unit: d.unit ?? '' }).trimEnd();
    case 'reading_voided':
      if (d.meter === undefined || d.value === undefined) return plain;
      return t('Reading voided: {meter} {value} {unit}', { meter: d.meter, value: formatReading(d.value), unit: d.unit ?? '' }).trimEnd();
    case 'labour_added':
      return typeof d.minutes === 'number' ? t('Time added: {duration}', { duration: formatMinutes(d.minutes) }) : plain;
    case 'labour_deleted':
      return typeof d.minutes === 'number' ? t('Time deleted: {duration}', { duration: formatMinutes(d.minutes) }) : plain;
    case 'timer_stopped':
      return typeof d.minutes === 'number' ? t('Timer stopped: {duration}', { duration: formatMinutes(d.minutes) }) : plain;
    case 'part_issued':
    case 'part_returned': {
      if (d.part === undefined) return plain;
      const values = { quantity: String(d.quantity ?? ''), part: d.part.name || `#${d.part.id}` };
      return entry.kind === 'part_issued' ? t('Part used: {quantity} × {part}', values) : t('Part returned: {quantity} × {part}', values);
    }
    default:
      return plain;
  }
}

/** Who made it and when: "Fran Fixer · 03/15/2026 @ 12:00 PM". */
export function byline(entry: ActivityEntry): string {
  return `${fullName(entry.actor) || t(HISTORY_TEXTS.noActor)} · ${formatDateTime(entry.at)}`;
}

/** The lines under the headline, in the order they are shown. */
export function detailLines(entry: ActivityEntry): string[] {
  const d = entry.details;
  const lines = (d.changes ?? []).map(changeText);
  if (d.field_notes) lines.push(t('Field Notes: {notes}', { notes: d.field_notes }));
  if (d.stock_after !== undefined) lines.push(t('Quantity after: {quantity}', { quantity: formatQuantity(d.stock_after) }));
  if (d.location && entry.kind !== 'wash_counted') lines.push(t('Location: {location}', { location: valueText('location', d.location) }));
  if (d.date) lines.push(t('Date: {date}', { date: formatDate(d.date) || d.date }));
  if (d.taken_at) lines.push(t('Taken: {time}', { time: formatDateTime(d.taken_at) }));
  if (d.reset) lines.push(t('Reset: the meter was replaced or rolled over'));
  if (d.work_order_id !== undefined) lines.push(t('Work Order #{id}', { id: String(d.work_order_id) }));
  if (d.became_short) lines.push(t('Short: below its reorder point'));
  if (d.reason) lines.push(t('Reason: {reason}', { reason: d.reason }));
  return lines;
}

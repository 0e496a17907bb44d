/**
 * The words of a history entry (docs/decisions.md: History on every record): what happened, who and
 * when, and the lines below it (each changed field before and after, the notes, the quantities). Pure,
 * so it is tested without a screen. Not in the spec: its texts are the section's own.
 */
import type { ActivityEntry, ActivityValue, FieldChange } from '../../shared/api/activity';
import { formatDate, formatDateTime, formatMinutes, formatPrice, formatQuantity, formatReading, fullName } from '../format/display';

export const HISTORY_TEXTS = {
  title: 'History',
  loading: 'Loading the history...',
  empty: 'Nothing has been recorded yet.',
  failure: 'Failed to load the history.',
  saved: "Showing the saved history. We'll refresh once the connection returns.",
  /** Who made an entry without a user: the command line or the demo data. */
  noActor: 'System',
  emptyValue: '(empty)',
  changedValue: 'changed',
} as const;

const KIND_WORDS: Record<ActivityEntry['kind'], string> = {
  created: 'Created',
  edited: 'Edited',
  moved: 'Moved',
  claimed: 'Claimed',
  unclaimed: 'Unclaimed',
  completed: 'Completed',
  filled: 'Filled',
  counted: 'Inventory counted',
  wash_counted: 'Wash count recorded',
  activated: 'Account activated',
  access_changed: 'Access changed',
  meter_added: 'Meter added',
  meter_removed: 'Meter removed',
  meter_read: 'Meter read',
  reading_voided: 'Reading voided',
  labour_added: 'Time added',
  labour_deleted: 'Time deleted',
  timer_started: 'Timer started',
  timer_stopped: 'Timer stopped',
  part_issued: 'Part used',
  part_returned: 'Part returned',
};

/** Field labels as the screens and forms name them (behaviour §2, 3). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  location: 'Location',
  description: 'Description',
  recurrence_interval: 'Recurrence Interval (days)',
  last_completed_date: 'Last Completed Date',
  due_date: 'Due Date',
  task_notes: 'Task Notes',
  procedure: 'Procedure',
  brand: 'Brand',
  name: 'Name',
  asset_type: 'Asset Type',
  serial_number: 'Serial Number',
  acquisition_date: 'Acquisition Date',
  purchase_price: 'Purchase Price',
  thumbnail: 'Thumbnail',
  location_type: 'Location Type',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  phone_number: 'Phone Number',
  epos: 'EPOS',
  verifone_id: 'VeriFone ID',
  sagenet_id: 'Sagenet ID',
  occ_id: 'OCC ID',
  telephone_number: 'Telephone Number',
  full_feature_access: 'Full access',
  is_staff: 'Staff',
  is_active: 'Active',
};

/** Fields whose values are calendar days or prices, shown as the screens show them. */
const DATE_FIELDS: ReadonlySet<string> = new Set(['last_completed_date', 'due_date', 'acquisition_date']);
const PRICE_FIELDS: ReadonlySet<string> = new Set(['purchase_price']);

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function valueText(field: string, value: ActivityValue): string {
  if (value === null || value === '') return HISTORY_TEXTS.emptyValue;
  if (typeof value === 'object') return value.name || `#${value.id}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return PRICE_FIELDS.has(field) ? formatPrice(value) : String(value);
  return DATE_FIELDS.has(field) ? formatDate(value) || value : value;
}

/** "Description: Old → New"; a value the history does not keep (both null) reads "Thumbnail: changed". */
export function changeText(change: FieldChange): string {
  const label = fieldLabel(change.field);
  if (change.old === null && change.new === null) return `${label}: ${HISTORY_TEXTS.changedValue}`;
  return `${label}: ${valueText(change.field, change.old)} → ${valueText(change.field, change.new)}`;
}

/** The entry's first line: what happened ("Moved to Store B", "Filled 3.00"). */
export function headline(entry: ActivityEntry): string {
  const d = entry.details;
  const words = KIND_WORDS[entry.kind] ?? fieldLabel(entry.kind);
  switch (entry.kind) {
    case 'moved': {
      const to = d.changes?.find((c) => c.field === 'location')?.new;
      return to && typeof to === 'object' ? `${words} to ${valueText('location', to)}` : words;
    }
    case 'filled':
    case 'counted':
      return d.quantity === undefined ? words : `${words}: ${formatQuantity(d.quantity)}`;
    case 'wash_counted':
      return d.wash_package === undefined ? words : `${words}: ${d.wash_package} ${d.count ?? 0}`;
    case 'created':
      if (d.from_request !== undefined) return `${words} from Request #${d.from_request}`;
      return d.follow_up_of_task === undefined ? words : `${words} by the completion of Task #${d.follow_up_of_task}`;
    case 'meter_added':
    case 'meter_removed':
      return d.meter === undefined ? words : `${words}: ${d.meter} (${d.unit ?? ''})`;
    case 'meter_read':
    case 'reading_voided':
      return d.meter === undefined || d.value === undefined ? words : `${words}: ${d.meter} ${formatReading(d.value)} ${d.unit ?? ''}`.trimEnd();
    case 'labour_added':
    case 'labour_deleted':
    case 'timer_stopped':
      return typeof d.minutes === 'number' ? `${words}: ${formatMinutes(d.minutes)}` : words;
    case 'part_issued':
    case 'part_returned':
      return d.part === undefined ? words : `${words}: ${d.quantity ?? ''} × ${d.part.name || `#${d.part.id}`}`;
    default:
      return words;
  }
}

/** Who made it and when: "Fran Fixer · 03/15/2026 @ 12:00 PM". */
export function byline(entry: ActivityEntry): string {
  return `${fullName(entry.actor) || HISTORY_TEXTS.noActor} · ${formatDateTime(entry.at)}`;
}

/** The lines under the headline, in the order they are shown. */
export function detailLines(entry: ActivityEntry): string[] {
  const d = entry.details;
  const lines = (d.changes ?? []).map(changeText);
  if (d.field_notes) lines.push(`Field Notes: ${d.field_notes}`);
  if (d.stock_after !== undefined) lines.push(`Quantity after: ${formatQuantity(d.stock_after)}`);
  if (d.location && entry.kind !== 'wash_counted') lines.push(`Location: ${valueText('location', d.location)}`);
  if (d.date) lines.push(`Date: ${formatDate(d.date) || d.date}`);
  if (d.taken_at) lines.push(`Taken: ${formatDateTime(d.taken_at)}`);
  if (d.reset) lines.push('Reset: the meter was replaced or rolled over');
  if (d.work_order_id !== undefined) lines.push(`Work Order #${d.work_order_id}`);
  if (d.became_short) lines.push('Short: below its reorder point');
  if (d.reason) lines.push(`Reason: ${d.reason}`);
  return lines;
}

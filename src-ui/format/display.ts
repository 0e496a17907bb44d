/** How values are shown on screen (behaviour §9: US dates with AM/PM, badge cap 99). */
import { OFFLINE_BADGE_CAP } from '../../shared/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/** "03/14/2026 @ 02:05 PM" in the device's time zone; "" for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} @ ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date "2026-03-14" as "03/14/2026" (no time zone: it names a day, not an instant); "" when missing. */
export function formatDate(isoDate: string | null | undefined): string {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** A quantity with 2 decimals (behaviour §9) and its unit when it has one: "12.50 gallons". */
/** A meter's reading or daily use: grouped, up to two decimals, as read ("12,480", "180.5"). */
export function formatReading(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function formatQuantity(quantity: number, unit?: string): string {
  const text = quantity.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return unit ? `${text} ${unit}` : text;
}

/** The device's own date now, YYYY-MM-DD: the date a record made here is made on, even if it syncs later. */
export function localDateToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Bytes as kilobytes with one decimal, e.g. "12.5 KB". */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A storage amount in the largest fitting unit, e.g. "850.0 KB", "12.3 MB", "1.5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return formatKilobytes(bytes);
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** A wait such as "45s" or "1m 05s"; never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes}m ${pad(seconds)}s` : `${seconds}s`;
}

/** The Offline Activity badge: empty for none, capped at 99 (behaviour §2: it reads "99", not "99+"). */
export function badgeCount(count: number): string {
  if (count <= 0) return '';
  return String(Math.min(count, OFFLINE_BADGE_CAP));
}

export function fullName(user: { first_name: string; last_name: string } | null | undefined): string {
  return user ? `${user.first_name} ${user.last_name}`.trim() : '';
}

/** A stocked item's title: its brand then its name (behaviour §2: "brand plus name"), either may be empty. */
export function brandAndName(brand: string, name: string): string {
  return [brand, name].filter(Boolean).join(' ');
}

/** A price in dollars with cents ("$1,250.00"), or empty when there is none. */
export function formatPrice(price: number | null | undefined): string {
  return price === null || price === undefined ? '' : `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Minutes of work as hours and minutes ("1 h 05 min", "45 min"). */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  return hours > 0 ? `${hours} h ${pad(whole % 60)} min` : `${whole} min`;
}

/**
 * How values are shown on screen (behaviour §9: US dates with AM/PM, badge cap 99), in the active
 * language (docs/i18n.md): English, and the tests' pseudo-locale, keep the specification's US forms
 * exactly; another language's dates and numbers are formatted by `Intl` in that language, and the
 * words of units come from the catalogue.
 */
import { OFFLINE_BADGE_CAP } from '../../shared/constants';
import { activeLocale, t } from '../../shared/i18n/translate';

const pad = (n: number) => String(n).padStart(2, '0');

/** The `Intl` locale of the active language, or null for English (and its pseudo-locale), which keeps the spec's US forms. */
function intlLocale(): string | null {
  const locale = activeLocale();
  return locale === 'en' || locale.startsWith('en-') ? null : locale;
}

// Intl's formatters are costly to make and lists format many values: one per locale and options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(make: new (locale: string, options: object) => F, locale: string, options: object): F {
  const key = `${make.name}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new make(locale, options)));
  return formatter as F;
}

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const dateTimeFormat = (locale: string, kind: 'datetime' | 'date') =>
  cached(Intl.DateTimeFormat, locale, kind === 'datetime' ? { ...DAY, hour: '2-digit', minute: '2-digit' } : { ...DAY, timeZone: 'UTC' });

const NUMBER_OPTIONS = {
  reading: { maximumFractionDigits: 2 },
  fixed2: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  // As toFixed(1) in English: one decimal, no grouping.
  fixed1: { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false },
  // Prices are in US dollars whatever the language: the language's own number forms, with the dollar named.
  money: { style: 'currency', currency: 'USD' },
} as const;
const numberFormat = (locale: string, kind: keyof typeof NUMBER_OPTIONS) => cached(Intl.NumberFormat, locale, NUMBER_OPTIONS[kind]);

/**
 * "03/14/2026 @ 02:05 PM" in the device's time zone ("14/03/2026, 14:05" in Spanish); "" for a
 * missing or invalid date.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const locale = intlLocale();
  if (locale) return dateTimeFormat(locale, 'datetime').format(d);
  const hours = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} @ ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/**
 * A calendar date "2026-03-14" as "03/14/2026" ("14/03/2026" in Spanish; no time zone: it names a
 * day, not an instant); "" when missing.
 */
export function formatDate(isoDate: string | null | undefined): string {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  if (!m) return '';
  const locale = intlLocale();
  if (locale) return dateTimeFormat(locale, 'date').format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
  return `${m[2]}/${m[3]}/${m[1]}`;
}

/** A meter's reading or daily use: grouped, up to two decimals, as read ("12,480", "180.5"; "12.480", "180,5" in Spanish). */
export function formatReading(value: number): string {
  const locale = intlLocale();
  return locale ? numberFormat(locale, 'reading').format(value) : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Two decimals, grouped, in the active language's forms ("1,250.00"; "1250,00" in Spanish). */
function twoDecimals(value: number): string {
  const locale = intlLocale();
  return locale ? numberFormat(locale, 'fixed2').format(value) : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** One decimal, ungrouped ("12.5"; "12,5" in Spanish). */
function oneDecimal(value: number): string {
  const locale = intlLocale();
  return locale ? numberFormat(locale, 'fixed1').format(value) : value.toFixed(1);
}

/** A quantity with 2 decimals (behaviour §9) and its unit when it has one: "12.50 gallons". */
export function formatQuantity(quantity: number, unit?: string): string {
  const text = twoDecimals(quantity);
  switch (unit) {
    case undefined:
    case '':
      return text;
    case 'gallons':
      return t('{quantity} gallons', { quantity: text });
    case 'sacks':
      return t('{quantity} sacks', { quantity: text });
    default:
      return `${text} ${t(unit)}`;
  }
}

/** The device's own date now, YYYY-MM-DD: the date a record made here is made on, even if it syncs later. */
export function localDateToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Bytes as kilobytes with one decimal, e.g. "12.5 KB". */
export function formatKilobytes(bytes: number): string {
  return t('{size} KB', { size: oneDecimal(bytes / 1024) });
}

/** A storage amount in the largest fitting unit, e.g. "850.0 KB", "12.3 MB", "1.5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return formatKilobytes(bytes);
  if (bytes < 1024 ** 3) return t('{size} MB', { size: oneDecimal(bytes / 1024 ** 2) });
  return t('{size} GB', { size: oneDecimal(bytes / 1024 ** 3) });
}

/** A wait such as "45s" or "1m 05s"; never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? t('{minutes}m {seconds}s', { minutes: String(minutes), seconds: pad(seconds) }) : t('{seconds}s', { seconds: String(seconds) });
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

/** A price in dollars with cents ("$1,250.00"; "1250,00 US$" in Spanish), or empty when there is none. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined) return '';
  const locale = intlLocale();
  return locale ? numberFormat(locale, 'money').format(price) : `$${twoDecimals(price)}`;
}

/** Minutes of work as hours and minutes ("1 h 05 min", "45 min"). */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  return hours > 0 ? t('{hours} h {minutes} min', { hours: String(hours), minutes: pad(whole % 60) }) : t('{minutes} min', { minutes: String(whole) });
}

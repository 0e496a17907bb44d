/**
 * How the key figures of /home read, and the lists each number opens (with the filters those lists
 * have: a location, nothing else). Pure, so the rules are tested alone.
 */
import type { AgeCounts } from '../../../shared/api/kpis';
import { activeLocale, msg, t } from '../../../shared/i18n/translate';
import { listUrl, type ListQueryDef } from '../../kit/list-query';
import { MAINTENANCE_LIST } from '../maintenance/maintenance-list';
import { WORKORDER_LIST } from '../workorders/list-query';

/**
 * The chemical list's route and query (behaviour §2: /chemical-list?location). Its own definition
 * sits inside the chemical screens' module, which this lazy chunk should not pull in.
 */
const CHEMICAL_LIST: ListQueryDef = { path: '/chemical-list', locationKey: 'chemicalSelectedLocation' };

const listAt = (def: ListQueryDef, location: number | null) => listUrl(def, { location, page: 1, search: '' });

/** The work-order list, at one location or all of them. */
export const workOrderListHref = (location: number | null = null) => listAt(WORKORDER_LIST, location);
/** The task list, at one location or all of them. */
export const taskListHref = (location: number | null = null) => listAt(MAINTENANCE_LIST, location);
/** The chemical list at one site. */
export const chemicalListHref = (location: number) => listAt(CHEMICAL_LIST, location);

/**
 * The section's own texts (behaviour §8 lists them), kept here rather than in
 * shared/data/messages.ts so that only this lazily loaded chunk carries them. Said with `t` where shown.
 */
export const KPI_TEXTS = {
  /** The figures could not be read and none are saved on this device (or a refresh failed). */
  loadFailed: msg('Failed to load the key figures.'),
  /** Above figures read from the device, followed by "As of {time}." */
  savedFigures: msg("Showing the key figures saved on this device. We'll refresh once the connection returns."),
} as const;

/** Shown where a figure has nothing to be taken over (no order, no completion, no car). */
export const NO_FIGURE = '—';

/** The age bands of open orders, as their headers read (said with `t` where shown). */
export const AGE_LABELS: Record<keyof AgeCounts, string> = {
  days_0_1: msg('0–1 days'),
  days_2_7: msg('2–7 days'),
  days_8_30: msg('8–30 days'),
  over_30: msg('Over 30 days'),
};

/**
 * The age bands as short column headers; a word joiner on each side of the dash keeps "0–1"
 * on one line in a narrow column (screen readers skip it).
 */
export const AGE_COLUMNS: Record<keyof AgeCounts, string> = {
  days_0_1: '0\u2060–\u20601',
  days_2_7: '2\u2060–\u20607',
  days_8_30: '8\u2060–\u206030',
  over_30: '31+',
};

/*
 * The figures read in the active language (docs/i18n.md), so each is formatted while drawing: English
 * (and the tests' pseudo-locale) keeps the spec's US forms exactly; another language's numbers are
 * formatted by `Intl` in it.
 */

/** The `Intl` locale of the active language, or null for English, which keeps the US forms. */
function otherLocale(): string | null {
  const locale = activeLocale();
  return locale === 'en' || locale.startsWith('en-') ? null : locale;
}

/** One decimal, no grouping: toFixed(1) in English. */
function oneDecimal(value: number): string {
  const locale = otherLocale();
  return locale ? value.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) : value.toFixed(1);
}

/** A mean time: minutes under an hour, hours under two days, else days; one decimal past the minutes. */
export function formatMeanTime(seconds: number | null): string {
  if (seconds === null) return NO_FIGURE;
  const minutes = seconds / 60;
  if (minutes < 60) return t('{minutes} min', { minutes: Math.round(minutes) });
  const hours = minutes / 60;
  if (hours < 48) return t('{hours} h', { hours: oneDecimal(hours) });
  return t('{days} days', { days: oneDecimal(hours / 24) });
}

/** A share from 0 to 1 as a whole percentage. */
export function formatShare(share: number | null): string {
  if (share === null) return NO_FIGURE;
  const locale = otherLocale();
  return locale ? share.toLocaleString(locale, { style: 'percent', maximumFractionDigits: 0 }) : `${Math.round(share * 100)}%`;
}

/** An amount per 1,000 cars, to 2 decimals like every quantity (behaviour §9). */
export function formatPerThousand(amount: number | null): string {
  return amount === null ? NO_FIGURE : amount.toLocaleString(otherLocale() ?? 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return n.toLocaleString(otherLocale() ?? 'en-US');
}

const MONTHS = [msg('Jan'), msg('Feb'), msg('Mar'), msg('Apr'), msg('May'), msg('Jun'), msg('Jul'), msg('Aug'), msg('Sep'), msg('Oct'), msg('Nov'), msg('Dec')];

/** "2026-03" as "Mar 2026" (the month's name in the active language: call it while drawing). */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTHS[Number(number) - 1];
  return `${name ? t(name) : number} ${year}`;
}

/** How many of `count` things, "1 order", "3 orders" (English only: the screens say theirs as plural messages with `t`). */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A bar's length as a percentage of the largest, at least a sliver when there is anything. */
export function barPercent(value: number, largest: number): number {
  if (value <= 0 || largest <= 0) return 0;
  return Math.max(2, Math.round((value / largest) * 100));
}

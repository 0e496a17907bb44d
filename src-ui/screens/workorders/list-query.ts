/** The work-order list's query (?location, ?page, ?q): parsed from the URL and remembered on the device. */
import { devicePreference, tabPreference } from '../../state/preferences';

export interface WorkOrderListQuery {
  location: number | null;
  page: number;
  q: string;
}

export const LIST_PATH = '/workorder-list';
const REMEMBERED_KEY = 'workorderListQuery';
const ORIGIN_KEY = 'workorderListOrigin';

export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

export function parseListQuery(search: string): WorkOrderListQuery {
  const params = new URLSearchParams(search);
  return { location: positiveInt(params.get('location')), page: positiveInt(params.get('page')) ?? 1, q: params.get('q') ?? '' };
}

export function listQueryString(query: WorkOrderListQuery): string {
  const params = new URLSearchParams();
  if (query.location !== null) params.set('location', String(query.location));
  if (query.page > 1) params.set('page', String(query.page));
  if (query.q) params.set('q', query.q);
  return params.toString();
}

export function listUrl(query: WorkOrderListQuery): string {
  const qs = listQueryString(query);
  return qs ? `${LIST_PATH}?${qs}` : LIST_PATH;
}

export function rememberListQuery(query: WorkOrderListQuery): void {
  devicePreference.set(REMEMBERED_KEY, listQueryString(query));
}

export function rememberedListQuery(): string {
  return devicePreference.get(REMEMBERED_KEY) ?? '';
}

/** The list URL a detail was opened from, so its Back button returns there with the same filters. */
export function rememberOrigin(url: string): void {
  tabPreference.set(ORIGIN_KEY, url);
}

export function originListUrl(): string {
  const url = tabPreference.get(ORIGIN_KEY);
  return url && url.startsWith(LIST_PATH) ? url : LIST_PATH;
}

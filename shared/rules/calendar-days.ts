/** Calendar days as YYYY-MM-DD texts, counted in whole days (no time zone: the date is already the site's). */

const DAY_MS = 86_400_000;

/** The day's number since 1970-01-01. */
export function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

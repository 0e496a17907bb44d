/** How reports print numbers and dates (behaviour §9: 2 decimals; US month/day/year @ hour:minute AM/PM). */

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function quantity2(n: number): string {
  return TWO_DECIMALS.format(n);
}

export function wholeNumber(n: number): string {
  return WHOLE.format(n);
}

/** YYYY-MM-DD as MM/DD/YYYY. */
export function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** A moment as "MM/DD/YYYY @ hh:mm AM" in a time zone (behaviour §9's date format). */
export function usDateTimeIn(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(moment);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')} @ ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

/** A moment as "MM/DD/YYYY @ hh:mm AM (zone)": a printed report names the zone it is read in. */
export function usDateTime(moment: Date, timeZone: string): string {
  return `${usDateTimeIn(moment, timeZone)} (${timeZone})`;
}

/**
 * How reports print numbers and dates (behaviour §9: 2 decimals; US month/day/year @ hour:minute AM/PM).
 * Those are the English forms; a report asked for in another language (docs/i18n.md) prints them as
 * `Intl` does in that language. A report is built inside `formattingIn(language, …)` (delivery.ts),
 * so its area's document code need not pass the language on; outside one, the English forms.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const formatting = new AsyncLocalStorage<Language>();

/** Runs `work` (a report's document being built) with its numbers and dates in `language`. */
export function formattingIn<T>(language: Language, work: () => T): T {
  return formatting.run(language, work);
}

/** The language numbers and dates are printed in: the one given, else the report's being built, else English. */
function languageOf(language?: Language): Language {
  return language ?? formatting.getStore() ?? SOURCE_LANGUAGE;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${language}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, decimals === 2 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format;
}

export function quantity2(n: number, language?: Language): string {
  const lang = languageOf(language);
  return lang === SOURCE_LANGUAGE ? TWO_DECIMALS.format(n) : numberFormat(lang, 2).format(n);
}

export function wholeNumber(n: number, language?: Language): string {
  const lang = languageOf(language);
  return lang === SOURCE_LANGUAGE ? WHOLE.format(n) : numberFormat(lang, 0).format(n);
}

/** YYYY-MM-DD as MM/DD/YYYY (in English; another language's short date otherwise, e.g. DD/MM/YYYY). */
export function usDate(isoDate: string, language?: Language): string {
  const [y, m, d] = isoDate.split('-');
  const lang = languageOf(language);
  if (lang === SOURCE_LANGUAGE) return `${m}/${d}/${y}`;
  return new Intl.DateTimeFormat(lang, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12)));
}

/** A moment as "MM/DD/YYYY @ hh:mm AM" in a time zone (behaviour §9's date format); another language's own date and time otherwise. */
export function usDateTimeIn(moment: Date, timeZone: string, language?: Language): string {
  const lang = languageOf(language);
  if (lang !== SOURCE_LANGUAGE) {
    return new Intl.DateTimeFormat(lang, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(moment);
  }
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
export function usDateTime(moment: Date, timeZone: string, language?: Language): string {
  return `${usDateTimeIn(moment, timeZone, language)} (${timeZone})`;
}

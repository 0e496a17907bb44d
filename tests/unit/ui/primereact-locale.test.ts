/** PrimeReact's own texts follow the active language; English keeps PrimeReact's defaults (src-ui/i18n/primereact-locale.ts). */
import { addLocale, locale, localeOption, localeOptions } from 'primereact/api';
import { afterAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { activateMessages } from '../../../shared/i18n/translate';
import { applyPrimeLocale } from '../../../src-ui/i18n/primereact-locale';

describe("PrimeReact's texts", () => {
  afterAll(() => {
    activateMessages('en', {});
    applyPrimeLocale('en', { addLocale, locale });
  });

  it("are the catalogue's in Spanish, with Spanish calendar conventions", () => {
    const english = JSON.stringify(localeOptions('en'));
    activateMessages('es', { 'No results found': 'No se encontraron resultados', January: 'enero', 'Rows per page': 'Filas por página' }, setupI18n);
    applyPrimeLocale('es', { addLocale, locale });
    expect(localeOption('emptyFilterMessage', 'es')).toBe('No se encontraron resultados');
    expect((localeOption('monthNames', 'es') as string[])[0]).toBe('enero');
    expect((localeOption('aria', 'es') as Record<string, string>).rowsPerPageLabel).toBe('Filas por página');
    // A text the catalogue lacks stays English; PrimeReact's placeholders survive.
    expect(localeOption('selectionMessage', 'es')).toBe('{0} items selected');
    expect((localeOption('aria', 'es') as Record<string, string>).pageLabel).toBe('Page {page}');
    expect(localeOption('dateFormat', 'es')).toBe('dd/mm/yy');
    expect(localeOption('firstDayOfWeek', 'es')).toBe(1);
    // English's own locale is left as PrimeReact ships it.
    expect(JSON.stringify(localeOptions('en'))).toBe(english);
  });

  it("are PrimeReact's English defaults in English", () => {
    activateMessages('en', {});
    applyPrimeLocale('en', { addLocale, locale });
    expect(localeOption('emptyFilterMessage', 'en')).toBe('No results found');
    expect(localeOption('accept', 'en')).toBe('Yes');
    expect(localeOption('dateFormat', 'en')).toBe('mm/dd/yy');
    expect(localeOption('firstDayOfWeek', 'en')).toBe(0);
  });
});

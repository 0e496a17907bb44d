/** PrimeReact's own texts follow the active language; English keeps PrimeReact's defaults (src-ui/i18n/primereact-locale.ts). */
import { localeOption, localeOptions } from 'primereact/api';
import { afterAll, describe, expect, it } from 'vitest';
import { activateMessages } from '../../../shared/i18n/translate';
import { applyPrimeLocale } from '../../../src-ui/i18n/primereact-locale';

describe("PrimeReact's texts", () => {
  afterAll(() => {
    activateMessages('en', {});
    applyPrimeLocale('en');
  });

  it("are the catalogue's in Spanish, with Spanish calendar conventions", () => {
    const english = JSON.stringify(localeOptions('en'));
    activateMessages('es', { 'No results found': 'No se encontraron resultados', January: 'enero', 'Rows per page': 'Filas por página' });
    applyPrimeLocale('es');
    expect(localeOption('emptyFilterMessage')).toBe('No se encontraron resultados');
    expect((localeOption('monthNames') as string[])[0]).toBe('enero');
    expect(localeOption('aria').rowsPerPageLabel).toBe('Filas por página');
    // A text the catalogue lacks stays English; PrimeReact's placeholders survive.
    expect(localeOption('selectionMessage')).toBe('{0} items selected');
    expect(localeOption('aria').pageLabel).toBe('Page {page}');
    expect(localeOption('dateFormat')).toBe('dd/mm/yy');
    expect(localeOption('firstDayOfWeek')).toBe(1);
    // English's own locale is left as PrimeReact ships it.
    expect(JSON.stringify(localeOptions('en'))).toBe(english);
  });

  it("are PrimeReact's English defaults in English", () => {
    activateMessages('en', {});
    applyPrimeLocale('en');
    expect(localeOption('emptyFilterMessage')).toBe('No results found');
    expect(localeOption('accept')).toBe('Yes');
    expect(localeOption('dateFormat')).toBe('mm/dd/yy');
    expect(localeOption('firstDayOfWeek')).toBe(0);
  });
});

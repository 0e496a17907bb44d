/** How a location is shown: its type with an icon (behaviour §3 names icons beyond the four types too), and N/A for empty ids. */
import { LOCATION_TYPES } from '../../../shared/constants';
import { msg, type Translate } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import type { ListQueryDef } from '../../kit/list-query';

export const LOCATION_LIST: ListQueryDef = { path: '/location-list' };

const ICONS: Record<string, string> = {
  'GENERAL STORE': 'pi pi-shop',
  RESTAURANT: 'pi pi-building',
  HOTEL: 'pi pi-home',
  'FUEL ISLAND': 'pi pi-car',
  'COMPRESSOR STATION': 'pi pi-cog',
  'RENTAL PROPERTY': 'pi pi-key',
  'CAR WASH': 'pi pi-sync',
  OTHER: 'pi pi-map-marker',
};

/** Each known type's words (its code in title case); a type not listed is shown in title case as it is. */
const TYPE_WORDS: Record<string, string> = {
  'GENERAL STORE': msg('General Store'),
  RESTAURANT: msg('Restaurant'),
  HOTEL: msg('Hotel'),
  'FUEL ISLAND': msg('Fuel Island'),
  'COMPRESSOR STATION': msg('Compressor Station'),
  'RENTAL PROPERTY': msg('Rental Property'),
  'CAR WASH': msg('Car Wash'),
  OTHER: msg('Other'),
};

const title = (type: string) => type.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
function typeWords(type: string, t: Translate): string {
  const words = TYPE_WORDS[type];
  return words ? t(words) : title(type);
}

/** The types a location may be given; their labels are English (the catalogue's ids), said by the form. */
export const LOCATION_TYPE_OPTIONS = LOCATION_TYPES.map((type) => ({ label: TYPE_WORDS[type] ?? title(type), value: type }));

export function LocationType({ type }: { type: string }) {
  const t = useT();
  return (
    <span className="location-type">
      <i className={ICONS[type] ?? ICONS.OTHER} aria-hidden="true" /> {typeWords(type, t)}
    </span>
  );
}

/** An optional id as the detail shows it (behaviour §3: N/A when empty). */
export function orNA(value: string | null | undefined, t: Translate): string {
  return value && value.trim() ? value : t('N/A');
}

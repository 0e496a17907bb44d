/** How a location is shown: its type with an icon (behaviour §3 names icons beyond the four types too), and N/A for empty ids. */
import { LOCATION_TYPES } from '../../../shared/constants';
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

const title = (type: string) => type.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export const LOCATION_TYPE_OPTIONS = LOCATION_TYPES.map((t) => ({ label: title(t), value: t }));

export function LocationType({ type }: { type: string }) {
  return (
    <span className="location-type">
      <i className={ICONS[type] ?? ICONS.OTHER} aria-hidden="true" /> {title(type)}
    </span>
  );
}

/** An optional id as the detail shows it (behaviour §3: N/A when empty). */
export function orNA(value: string | null | undefined): string {
  return value && value.trim() ? value : 'N/A';
}

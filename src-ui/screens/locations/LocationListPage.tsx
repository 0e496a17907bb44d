/** Location List (behaviour §2, 9): pages of 10, page changes debounced by 300 ms, saved data offline. */
import { Link } from 'wouter';
import type { Location } from '../../../shared/api/locations';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { LinkButton } from '../../components/LinkButton';
import { useT } from '../../i18n/language';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { LOCATION_LIST, LocationType } from './location-display';

const LIST: ListDef<Location> = {
  ...LOCATION_LIST,
  area: 'locations',
  read: (worker, query) => worker.locations.list({ page: query.page }),
  pageDebounceMs: 300,
  texts: {
    title: msg('Locations'),
    itemsLabel: msg('Locations'),
    loading: msg('Loading locations...'),
    empty: NOT_FOUND_MESSAGES.locations.list,
    failure: SCREEN_MESSAGES.locations.fetchData,
    saved: OFFLINE_BANNERS.savedData,
  },
};

function LocationCard({ location }: { location: Location }) {
  return (
    <Link href={`/location-detail/${location.id}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{location.name}</span>
        <LocationType type={location.location_type} />
      </div>
      <p className="wo-card-description">{location.address}</p>
      <div className="wo-meta">
        <span>
          {location.city}, {location.state} {location.postal_code}
        </span>
        {location.phone_number ? <span>{location.phone_number}</span> : null}
      </div>
    </Link>
  );
}

export function LocationListPage() {
  const t = useT();
  return (
    <ListScreen
      def={LIST}
      back="/home"
      actions={<LinkButton href="/location-create" label={t('Create Location')} icon="pi pi-plus" />}
      renderItem={(location) => <LocationCard location={location} />}
    />
  );
}

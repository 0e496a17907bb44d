/**
 * Create Location and Update Location (behaviour §5): type, name, address, city, state and postal code
 * required on create (the type is not required on update); phone, EPOS, VeriFone ID, Sagenet ID and
 * OCC ID optional. Sent now: locations are not offline actions.
 */
import { LocationCreateBody, LocationUpdateBody, type Location } from '../../../shared/api/locations';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { useDetailRead } from '../../kit/DetailScreen';
import { originListUrl } from '../../kit/list-query';
import { RecordFormScreen, type FieldSpec } from '../../kit/RecordForm';
import { LOCATION_LIST, LOCATION_TYPE_OPTIONS } from './location-display';

/** The form holds every field as typed text; the type is a choice (none yet on a new location). */
type LocationValues = { [K in Exclude<keyof LocationCreateBody, 'location_type'>]-?: string } & { location_type: string | null };

const EMPTY: LocationValues = { location_type: null, name: '', address: '', city: '', state: '', postal_code: '', phone_number: '', epos: '', verifone_id: '', sagenet_id: '', occ_id: '' };

const fields = (typeRequired: boolean): FieldSpec<LocationValues>[] => [
  { name: 'location_type', label: msg('Type'), required: typeRequired, options: LOCATION_TYPE_OPTIONS, placeholder: msg('Select a type') },
  { name: 'name', label: msg('Name'), required: true },
  { name: 'address', label: msg('Address'), required: true },
  { name: 'city', label: msg('City'), required: true },
  { name: 'state', label: msg('State'), required: true },
  { name: 'postal_code', label: msg('Postal Code'), required: true },
  { name: 'phone_number', label: msg('Phone') },
  { name: 'epos', label: msg('EPOS') },
  { name: 'verifone_id', label: msg('VeriFone ID') },
  { name: 'sagenet_id', label: msg('Sagenet ID') },
  { name: 'occ_id', label: msg('OCC ID') },
];

const OPTIONAL_IDS = ['epos', 'verifone_id', 'sagenet_id', 'occ_id'] as const;

function toBody(values: LocationValues): Record<string, unknown> {
  const body: Record<string, unknown> = { location_type: values.location_type };
  for (const [key, value] of Object.entries(values)) if (key !== 'location_type') body[key] = (value as string).trim();
  // An empty optional id is sent as null (shown as N/A).
  for (const key of OPTIONAL_IDS) body[key] = (body[key] as string) || null;
  if (body.location_type === null) delete body.location_type;
  return body;
}

function valuesOf(location: Location): LocationValues {
  return {
    location_type: location.location_type,
    name: location.name,
    address: location.address,
    city: location.city,
    state: location.state,
    postal_code: location.postal_code,
    phone_number: location.phone_number,
    epos: location.epos ?? '',
    verifone_id: location.verifone_id ?? '',
    sagenet_id: location.sagenet_id ?? '',
    occ_id: location.occ_id ?? '',
  };
}

const detailPath = (location: Location) => `/location-detail/${location.id}`;

export function LocationCreatePage() {
  return (
    <RecordFormScreen<LocationValues, Location>
      title={msg('Create Location')}
      submitLabel={msg('Create Location')}
      back={originListUrl(LOCATION_LIST)}
      idPrefix="location"
      fields={fields(true)}
      schema={LocationCreateBody}
      empty={EMPTY}
      toBody={toBody}
      send={(worker, body) => worker.locations.create(body as unknown as LocationCreateBody)}
      failure={SCREEN_MESSAGES.locations.create}
      detailPath={detailPath}
    />
  );
}

export function LocationUpdatePage({ params }: { params: { id?: string } }) {
  const { id, detail: read } = useDetailRead<Location>('locations', params.id, (worker, locationId) => worker.locations.get(locationId), { refreshFailure: SCREEN_MESSAGES.locations.fetchOne });
  return (
    <RecordFormScreen<LocationValues, Location>
      title={msg('Update Location')}
      submitLabel={msg('Update Location')}
      back={`/location-detail/${params.id ?? ''}`}
      idPrefix="location-edit"
      fields={fields(false)}
      schema={LocationUpdateBody}
      empty={EMPTY}
      toBody={toBody}
      send={(worker, body) => worker.locations.update(id ?? 0, body as unknown as LocationUpdateBody)}
      failure={SCREEN_MESSAGES.locations.update}
      detailPath={detailPath}
      load={{ read, valuesOf, notFound: NOT_FOUND_MESSAGES.locations.one, failure: SCREEN_MESSAGES.locations.fetchOne }}
    />
  );
}

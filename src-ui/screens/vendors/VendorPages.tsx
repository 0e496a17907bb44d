/**
 * Vendors (behaviour §2, 3, 5): Vendor List (pages of 10), Vendor Detail, Create Vendor (no field
 * required) and Update Vendor (the name required). Sent now: vendors are not offline actions.
 */
import { Link } from 'wouter';
import { VendorBody, VendorUpdateForm, type Vendor } from '../../../shared/api/vendors';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { LinkButton } from '../../components/LinkButton';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { originListUrl, type ListQueryDef } from '../../kit/list-query';
import { RecordFormScreen, type FieldSpec } from '../../kit/RecordForm';
import { orNA } from '../locations/location-display';

const VENDOR_LIST: ListQueryDef = { path: '/vendor-list' };

const LIST: ListDef<Vendor> = {
  ...VENDOR_LIST,
  area: 'vendors',
  read: (worker, query) => worker.vendors.list({ page: query.page }),
  texts: {
    title: msg('Vendors'),
    itemsLabel: msg('Vendors'),
    loading: msg('Loading vendors...'),
    empty: NOT_FOUND_MESSAGES.vendors.list,
    failure: SCREEN_MESSAGES.vendors.loadList,
    saved: OFFLINE_BANNERS.savedData,
  },
};

const TEXTS: DetailTexts = {
  title: msg('Vendor'),
  loading: msg('Loading vendor...'),
  notFound: NOT_FOUND_MESSAGES.vendors.one,
  failure: SCREEN_MESSAGES.vendors.loadOne,
  saved: OFFLINE_BANNERS.savedData,
  refreshFailure: SCREEN_MESSAGES.vendors.fetchOne,
};

const place = (v: Vendor) => [v.city, [v.state, v.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');

export function VendorListPage() {
  const t = useT();
  return (
    <ListScreen
      def={LIST}
      back="/home"
      actions={<LinkButton href="/vendor-create" label={t('Create Vendor')} icon="pi pi-plus" />}
      renderItem={(vendor) => (
        <Link href={`/vendor-detail/${vendor.id}`} className="wo-card">
          <span className="wo-card-location">{vendor.name || t('Unnamed vendor')}</span>
          <p className="wo-card-description">{vendor.address}</p>
          <div className="wo-meta">
            {place(vendor) ? <span>{place(vendor)}</span> : null}
            {vendor.telephone_number ? <span>{vendor.telephone_number}</span> : null}
          </div>
        </Link>
      )}
    />
  );
}

export function VendorDetailPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const { detail } = useDetailRead<Vendor>('vendors', params.id, (worker, id) => worker.vendors.get(id), TEXTS);
  return (
    <DetailScreen
      detail={detail}
      texts={TEXTS}
      back={originListUrl(VENDOR_LIST)}
      heading={(vendor) => vendor.name || t('Unnamed vendor')}
      actions={(vendor) => <LinkButton href={`/vendor-update/${vendor.id}`} label={t('Edit')} icon="pi pi-pencil" outlined />}
    >
      {(vendor) => (
        <div className="panel">
          <DetailRows
            rows={[
              [msg('Address'), orNA(vendor.address, t)],
              [msg('City'), orNA(vendor.city, t)],
              [msg('State'), orNA(vendor.state, t)],
              [msg('Postal Code'), orNA(vendor.postal_code, t)],
              [msg('Telephone'), orNA(vendor.telephone_number, t)],
              [msg('Created'), formatDateTime(vendor.created_at)],
              [msg('Updated'), formatDateTime(vendor.updated_at)],
            ]}
          />
          <HistorySection area="vendors" id={vendor.id} record={vendor} />
        </div>
      )}
    </DetailScreen>
  );
}

type VendorValues = Required<VendorBody>;

const EMPTY: VendorValues = { name: '', address: '', city: '', state: '', postal_code: '', telephone_number: '' };

const fields = (nameRequired: boolean): FieldSpec<VendorValues>[] => [
  { name: 'name', label: msg('Name'), required: nameRequired },
  { name: 'address', label: msg('Address') },
  { name: 'city', label: msg('City') },
  { name: 'state', label: msg('State') },
  { name: 'postal_code', label: msg('Postal Code') },
  { name: 'telephone_number', label: msg('Telephone') },
];

const toBody = (values: VendorValues): Record<string, unknown> => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
const valuesOf = (vendor: Vendor): VendorValues => ({
  name: vendor.name,
  address: vendor.address,
  city: vendor.city,
  state: vendor.state,
  postal_code: vendor.postal_code,
  telephone_number: vendor.telephone_number,
});
const detailPath = (vendor: Vendor) => `/vendor-detail/${vendor.id}`;

export function VendorCreatePage() {
  return (
    <RecordFormScreen<VendorValues, Vendor>
      title={msg('Create Vendor')}
      submitLabel={msg('Create Vendor')}
      back={originListUrl(VENDOR_LIST)}
      idPrefix="vendor"
      fields={fields(false)}
      schema={VendorBody}
      empty={EMPTY}
      toBody={toBody}
      send={(worker, body) => worker.vendors.create(body as VendorBody)}
      failure={SCREEN_MESSAGES.vendors.create}
      detailPath={detailPath}
    />
  );
}

export function VendorUpdatePage({ params }: { params: { id?: string } }) {
  const { id, detail: read } = useDetailRead<Vendor>('vendors', params.id, (worker, vendorId) => worker.vendors.get(vendorId), TEXTS);
  return (
    <RecordFormScreen<VendorValues, Vendor>
      title={msg('Update Vendor')}
      submitLabel={msg('Update Vendor')}
      back={`/vendor-detail/${params.id ?? ''}`}
      idPrefix="vendor-edit"
      fields={fields(true)}
      schema={VendorUpdateForm}
      empty={EMPTY}
      toBody={toBody}
      send={(worker, body) => worker.vendors.update(id ?? 0, body as VendorBody)}
      failure={SCREEN_MESSAGES.vendors.update}
      detailPath={detailPath}
      load={{ read, valuesOf, notFound: NOT_FOUND_MESSAGES.vendors.one, failure: SCREEN_MESSAGES.vendors.fetchOne }}
    />
  );
}

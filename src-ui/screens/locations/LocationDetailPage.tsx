/**
 * Location Detail (behaviour §2, 3): its fields with the type icon, N/A for empty optional ids, Edit and Back;
 * beyond the spec, its label's code, Print label and Report a problem.
 */
import { locationLabelFile } from '../../../shared/api/labels';
import type { Location } from '../../../shared/api/locations';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { LinkButton } from '../../components/LinkButton';
import { useT } from '../../i18n/language';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { DetailRows } from '../../kit/DetailRows';
import { YearCost } from '../../kit/YearCost';
import { originListUrl } from '../../kit/list-query';
import { PrintLabelsButton } from '../../kit/PrintLabelsButton';
import { reportProblemPath } from '../workorders/report-problem';
import { LOCATION_LIST, LocationType, orNA } from './location-display';

const TEXTS: DetailTexts = {
  title: msg('Location'),
  loading: msg('Loading location...'),
  notFound: NOT_FOUND_MESSAGES.locations.one,
  failure: SCREEN_MESSAGES.locations.loadOne,
  saved: OFFLINE_BANNERS.savedData,
  refreshFailure: SCREEN_MESSAGES.locations.fetchOne,
};

export function LocationDetailPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const { detail } = useDetailRead<Location>('locations', params.id, (worker, id) => worker.locations.get(id), TEXTS);
  return (
    <DetailScreen
      detail={detail}
      texts={TEXTS}
      back={originListUrl(LOCATION_LIST)}
      heading={(location) => location.name}
      actions={(location) => (
        <>
          <LinkButton href={`/location-update/${location.id}`} label={t('Edit')} icon="pi pi-pencil" outlined />
          {/* Not in the spec (docs/decisions.md: Labels and scanning): the location's label, and a problem reported here. */}
          <PrintLabelsButton id="location-label" label={msg('Print label')} fileName={locationLabelFile(location.id)} download={(worker) => worker.locations.label(location.id)} />
          <LinkButton href={reportProblemPath(location.id)} label={t('Report a problem')} icon="pi pi-exclamation-triangle" outlined />
        </>
      )}
    >
      {(location) => (
        <div className="panel">
          <DetailRows
            rows={[
              [msg('Type'), <LocationType type={location.location_type} />],
              [msg('Address'), location.address],
              [msg('City'), location.city],
              [msg('State'), location.state],
              [msg('Postal Code'), location.postal_code],
              [msg('Phone'), orNA(location.phone_number, t)],
              [msg('EPOS'), orNA(location.epos, t)],
              [msg('VeriFone ID'), orNA(location.verifone_id, t)],
              [msg('Sagenet ID'), orNA(location.sagenet_id, t)],
              [msg('OCC ID'), orNA(location.occ_id, t)],
              [msg('Code'), location.code ? <span className="record-code">{location.code}</span> : null],
              // Not in the spec: what the work here cost this year (docs/decisions.md: What the work costs).
              [msg('Cost This Year'), <YearCost of="locations" id={location.id} />],
            ]}
          />
          <HistorySection area="locations" id={location.id} record={location} />
        </div>
      )}
    </DetailScreen>
  );
}

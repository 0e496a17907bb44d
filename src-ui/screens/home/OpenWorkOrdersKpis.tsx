/** Open work orders: totals by status, a bar per age band, and per location (by status, by age). */
import { AGE_BANDS, type OpenWorkOrders } from '../../../shared/api/kpis';
import { tc } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import { AGE_COLUMNS, AGE_LABELS, formatCount, workOrderListHref } from './kpi-format';
import { BarRow, CountLink, Foldable, KpiTable, KpiTile } from './kpi-parts';

/** Up to this many locations the tables are shown unfolded. */
const SHORT_LIST = 8;

export function OpenWorkOrdersKpis({ open }: { open: OpenWorkOrders }) {
  const t = useT();
  // Counts of work orders ("kpi" context: Spanish says them in the plural, unlike a status).
  const openLabel = tc('kpi', 'Open');
  const pendingLabel = tc('kpi', 'Pending');
  const claimedLabel = tc('kpi', 'Claimed');
  const all = workOrderListHref();
  const largestBand = Math.max(...AGE_BANDS.map((band) => open.by_age[band]));
  return (
    <section className="kpi-group" aria-labelledby="kpi-open-title">
      <h3 id="kpi-open-title">{t('Open work orders')}</h3>
      <div className="kpi-tiles">
        <KpiTile value={formatCount(open.total)} label={openLabel} href={all} />
        <KpiTile value={formatCount(open.pending)} label={pendingLabel} href={all} />
        <KpiTile value={formatCount(open.claimed)} label={claimedLabel} href={all} />
      </div>
      <h4 id="kpi-age-title">{t('By age')}</h4>
      <ul className="kpi-bars" aria-labelledby="kpi-age-title">
        {AGE_BANDS.map((band) => (
          <BarRow key={band} label={t(AGE_LABELS[band])} value={open.by_age[band]} largest={largestBand} href={all} />
        ))}
      </ul>
      {open.locations.length > 0 ? (
        <Foldable summary={t('By location ({count})', { count: formatCount(open.locations.length) })} open={open.locations.length <= SHORT_LIST}>
          <KpiTable caption={t('Open work orders by location and status')} columns={[t('Location'), pendingLabel, claimedLabel, openLabel]}>
            {open.locations.map((at) => {
              const href = workOrderListHref(at.location.id);
              return (
                <tr key={at.location.id}>
                  <th scope="row">{at.location.name}</th>
                  <td className="kpi-num"><CountLink count={at.pending} href={href} /></td>
                  <td className="kpi-num"><CountLink count={at.claimed} href={href} /></td>
                  <td className="kpi-num"><CountLink count={at.total} href={href} /></td>
                </tr>
              );
            })}
          </KpiTable>
          <KpiTable caption={t('Open work orders by location and age in days')} columns={[t('Location'), ...AGE_BANDS.map((band) => AGE_COLUMNS[band])]}>
            {open.locations.map((at) => {
              const href = workOrderListHref(at.location.id);
              return (
                <tr key={at.location.id}>
                  <th scope="row">{at.location.name}</th>
                  {AGE_BANDS.map((band) => (
                    <td key={band} className="kpi-num"><CountLink count={at.by_age[band]} href={href} /></td>
                  ))}
                </tr>
              );
            })}
          </KpiTable>
        </Foldable>
      ) : (
        <p className="kpi-note">{t('No open work orders.')}</p>
      )}
    </section>
  );
}

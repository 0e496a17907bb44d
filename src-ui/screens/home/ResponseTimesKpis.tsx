/** Mean times to claim and to complete, this period beside the one before. */
import type { MeanTime, ResponseTimes } from '../../../shared/api/kpis';
import { useT } from '../../i18n/language';
import { formatMeanTime, NO_FIGURE, workOrderListHref } from './kpi-format';
import { KpiTable } from './kpi-parts';
import { Link } from 'wouter';

/** The mean, and over how many orders, opening the work-order list (it has no filter by time). */
function MeanCell({ time }: { time: MeanTime }) {
  const t = useT();
  if (time.mean_seconds === null) {
    return (
      <td className="kpi-num">
        <span aria-hidden="true">{NO_FIGURE}</span>
        <span className="visually-hidden">{t('No orders')}</span>
      </td>
    );
  }
  return (
    <td className="kpi-num">
      <Link href={workOrderListHref()} className="kpi-count">
        {formatMeanTime(time.mean_seconds)}
      </Link>
      <span className="kpi-cell-detail">{t('{count, plural, one {# order} other {# orders}}', { count: time.count })}</span>
    </td>
  );
}

export function ResponseTimesKpis({ times, period }: { times: ResponseTimes; period: number }) {
  const t = useT();
  return (
    <section className="kpi-group" aria-labelledby="kpi-times-title">
      <h3 id="kpi-times-title">{t('Response times')}</h3>
      <KpiTable
        caption={t('Mean time from creation, last {period, plural, one {# day} other {# days}} and the {period, plural, one {# day} other {# days}} before', { period })}
        columns={[t('Mean time'), t('Last {period, plural, one {# day} other {# days}}', { period }), t('{period, plural, one {# day} other {# days}} before', { period })]}
      >
        <tr>
          <th scope="row">{t('To claim')}</th>
          <MeanCell time={times.current.to_claim} />
          <MeanCell time={times.previous.to_claim} />
        </tr>
        <tr>
          <th scope="row">{t('To complete')}</th>
          <MeanCell time={times.current.to_complete} />
          <MeanCell time={times.previous.to_complete} />
        </tr>
      </KpiTable>
    </section>
  );
}

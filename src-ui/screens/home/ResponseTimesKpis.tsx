/** Mean times to claim and to complete, this period beside the one before. */
import type { MeanTime, ResponseTimes } from '../../../shared/api/kpis';
import { countOf, formatMeanTime, NO_FIGURE, workOrderListHref } from './kpi-format';
import { KpiTable } from './kpi-parts';
import { Link } from 'wouter';

/** The mean, and over how many orders, opening the work-order list (it has no filter by time). */
function MeanCell({ time }: { time: MeanTime }) {
  if (time.mean_seconds === null) {
    return (
      <td className="kpi-num">
        <span aria-hidden="true">{NO_FIGURE}</span>
        <span className="visually-hidden">No orders</span>
      </td>
    );
  }
  return (
    <td className="kpi-num">
      <Link href={workOrderListHref()} className="kpi-count">
        {formatMeanTime(time.mean_seconds)}
      </Link>
      <span className="kpi-cell-detail">{countOf(time.count, 'order', 'orders')}</span>
    </td>
  );
}

export function ResponseTimesKpis({ times, period }: { times: ResponseTimes; period: number }) {
  const days = countOf(period, 'day', 'days');
  return (
    <section className="kpi-group" aria-labelledby="kpi-times-title">
      <h3 id="kpi-times-title">Response times</h3>
      <KpiTable caption={`Mean time from creation, last ${days} and the ${days} before`} columns={['Mean time', `Last ${days}`, `${days} before`]}>
        <tr>
          <th scope="row">To claim</th>
          <MeanCell time={times.current.to_claim} />
          <MeanCell time={times.previous.to_claim} />
        </tr>
        <tr>
          <th scope="row">To complete</th>
          <MeanCell time={times.current.to_complete} />
          <MeanCell time={times.previous.to_complete} />
        </tr>
      </KpiTable>
    </section>
  );
}

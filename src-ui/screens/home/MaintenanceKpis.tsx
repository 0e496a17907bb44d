/** Preventative maintenance: completions on time over the two windows, and the tasks past due now per location. */
import type { ComplianceWindow, MaintenanceCompliance } from '../../../shared/api/kpis';
import type { Translate } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import { formatCount, formatShare, taskListHref } from './kpi-format';
import { CountLink, Foldable, KpiTable, KpiTile } from './kpi-parts';

const SHORT_LIST = 8;

function onTimeDetail(window: ComplianceWindow, t: Translate): string {
  return window.with_due_date === 0
    ? t('no completion with a due date')
    : t('{onTime} of {count, plural, one {# completion} other {# completions}}', { onTime: formatCount(window.on_time), count: window.with_due_date });
}

export function MaintenanceKpis({ maintenance }: { maintenance: MaintenanceCompliance }) {
  const t = useT();
  const all = taskListHref();
  const withoutDueDate = Math.max(...maintenance.windows.map((w) => w.completions - w.with_due_date));
  return (
    <section className="kpi-group" aria-labelledby="kpi-pm-title">
      <h3 id="kpi-pm-title">{t('Preventative maintenance')}</h3>
      <div className="kpi-tiles">
        {maintenance.windows.map((window) => (
          <KpiTile key={window.days} value={formatShare(window.share)} label={t('On time, last {days, plural, one {# day} other {# days}}', { days: window.days })} detail={onTimeDetail(window, t)} href={all} />
        ))}
        <KpiTile value={formatCount(maintenance.past_due)} label={t('Past due now')} href={all} />
      </div>
      {withoutDueDate > 0 ? <p className="kpi-note">{t('On time means completed on or before the due date. Completions of a task that had no due date yet are not counted.')}</p> : null}
      {maintenance.past_due_locations.length > 0 ? (
        <Foldable summary={t('Past due by location ({count})', { count: formatCount(maintenance.past_due_locations.length) })} open={maintenance.past_due_locations.length <= SHORT_LIST}>
          <KpiTable caption={t('Tasks past due now by location')} columns={[t('Location'), t('Past due')]}>
            {maintenance.past_due_locations.map((at) => (
              <tr key={at.location.id}>
                <th scope="row">{at.location.name}</th>
                <td className="kpi-num"><CountLink count={at.count} href={taskListHref(at.location.id)} /></td>
              </tr>
            ))}
          </KpiTable>
        </Foldable>
      ) : null}
    </section>
  );
}

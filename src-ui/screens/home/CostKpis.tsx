/**
 * What the work cost (docs/decisions.md: What the work costs): the total over each window (30 and
 * 90 days by default), each location's cost, and the costliest assets, each a link to its detail.
 */
import { Link } from 'wouter';
import type { CostWindow } from '../../../shared/api/costs';
import { formatPrice } from '../../format/display';
import { useT } from '../../i18n/language';
import { formatCount, workOrderListHref } from './kpi-format';
import { Foldable, KpiTable, KpiTile } from './kpi-parts';

const SHORT_LIST = 8;

const totalOf = (window: CostWindow) => window.locations.reduce((cents, at) => cents + Math.round(at.total * 100), 0) / 100;

export function CostKpis({ windows }: { windows: CostWindow[] }) {
  const t = useT();
  return (
    <section className="kpi-group" aria-labelledby="kpi-costs-title">
      <h3 id="kpi-costs-title">{t('What the work cost')}</h3>
      <div className="kpi-tiles">
        {windows.map((window) => (
          <KpiTile
            key={window.days}
            value={formatPrice(totalOf(window))}
            label={t('Labour and parts, last {days, plural, one {# day} other {# days}}', { days: window.days })}
            detail={t('{count, plural, one {# location} other {# locations}}', { count: window.locations.length })}
            href={workOrderListHref()}
          />
        ))}
      </div>
      {windows.map((window) =>
        window.locations.length > 0 ? (
          <Foldable key={`locations-${window.days}`} summary={t('Cost by location, last {days, plural, one {# day} other {# days}} ({count})', { days: window.days, count: formatCount(window.locations.length) })} open={window.locations.length <= SHORT_LIST}>
            <KpiTable caption={t('Cost by location, last {days, plural, one {# day} other {# days}}', { days: window.days })} columns={[t('Location'), t('Labour'), t('Parts'), t('Total')]}>
              {window.locations.map((at) => (
                <tr key={at.location.id}>
                  <th scope="row">
                    <Link href={`/location-detail/${at.location.id}`}>{at.location.name}</Link>
                  </th>
                  <td className="kpi-num">{formatPrice(at.labour_cost)}</td>
                  <td className="kpi-num">{formatPrice(at.parts_cost)}</td>
                  <td className="kpi-num">{formatPrice(at.total)}</td>
                </tr>
              ))}
            </KpiTable>
          </Foldable>
        ) : null,
      )}
      {windows.map((window) =>
        window.assets.length > 0 ? (
          <Foldable key={`assets-${window.days}`} summary={t('Costliest assets, last {days, plural, one {# day} other {# days}}', { days: window.days })} open>
            <KpiTable caption={t('Costliest assets, last {days, plural, one {# day} other {# days}}', { days: window.days })} columns={[t('Asset'), t('Location'), t('Total')]}>
              {window.assets.map((at) => (
                <tr key={at.asset.id}>
                  <th scope="row">
                    <Link href={`/asset-detail/${at.asset.id}`}>{`${at.asset.brand} ${at.asset.name}`.trim()}</Link>
                  </th>
                  <td>{at.location?.name ?? t('No Location')}</td>
                  <td className="kpi-num">{formatPrice(at.total)}</td>
                </tr>
              ))}
            </KpiTable>
          </Foldable>
        ) : null,
      )}
    </section>
  );
}

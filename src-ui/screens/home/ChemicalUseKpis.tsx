/** Chemical used per 1,000 cars washed at each car-wash site, month by month (fills against wash counts). */
import type { ChemicalSite, ChemicalUsage } from '../../../shared/api/kpis';
import { msg } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import { chemicalListHref, formatCount, formatMonth, formatPerThousand, NO_FIGURE } from './kpi-format';
import { KpiTable } from './kpi-parts';
import { Link } from 'wouter';

const UNIT_HEADERS = { gallons: msg('Gallons per 1,000 cars'), sacks: msg('Sacks per 1,000 cars') } as const;

function SiteTable({ site }: { site: ChemicalSite }) {
  const t = useT();
  const href = chemicalListHref(site.location.id);
  const units = site.months[0]?.amounts.map((a) => a.unit) ?? [];
  return (
    <KpiTable caption={site.location.name} columns={[t('Month'), t('Cars washed'), ...units.map((u) => t(UNIT_HEADERS[u]))]}>
      {site.months.map((month) => (
        <tr key={month.month}>
          <th scope="row" className="kpi-nowrap">
            {formatMonth(month.month)}
          </th>
          <td className="kpi-num">
            <Link href={href} className="kpi-count">
              {formatCount(month.cars_washed)}
            </Link>
          </td>
          {month.amounts.map((amount) => (
            <td key={amount.unit} className="kpi-num">
              {amount.per_1000_cars === null ? (
                <>
                  <span aria-hidden="true">{NO_FIGURE}</span>
                  <span className="visually-hidden">{t('No cars washed')}</span>
                </>
              ) : (
                <Link href={href} className="kpi-count">
                  {formatPerThousand(amount.per_1000_cars)}
                </Link>
              )}
            </td>
          ))}
        </tr>
      ))}
    </KpiTable>
  );
}

export function ChemicalUseKpis({ usage }: { usage: ChemicalUsage }) {
  const t = useT();
  return (
    <section className="kpi-group" aria-labelledby="kpi-chemicals-title">
      <h3 id="kpi-chemicals-title">{t('Chemical use per 1,000 cars washed')}</h3>
      <p className="kpi-note">{t('Chemical filled in the month against the cars washed that month.')}</p>
      {usage.sites.map((site) => (
        <SiteTable key={site.location.id} site={site} />
      ))}
    </section>
  );
}

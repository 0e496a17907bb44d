/**
 * What the work at an asset or a location cost this year, as a value of its detail's rows
 * (docs/decisions.md: What the work costs): the total, then labour and parts. Read through the
 * worker (the saved copy offline) and again when labour or parts are recorded anywhere.
 */
import { formatPrice } from '../format/display';
import { useT } from '../i18n/language';
import { useSynced, useWorkerRead } from '../state/hooks';

export function YearCost({ of, id }: { of: 'assets' | 'locations'; id: number }) {
  const t = useT();
  const costs = useWorkerRead(`year-costs|${of}|${id}`, (worker) => worker.kpis.yearCosts(of, id));
  useSynced('labour', 'any', () => void costs.reload());
  useSynced('partmoves', 'any', () => void costs.reload());
  const year = costs.result?.data;
  if (!year) return <span className="empty-text">{costs.error ? t('Not available') : t('Loading...')}</span>;
  // One sentence for the translator; the total, in bold, stands where its placeholder is.
  const TOTAL = '\u0000';
  const [before = '', after = ''] = t('{total} in {year} (labour {labour}, parts {parts})', {
    total: TOTAL,
    year: String(year.year),
    labour: formatPrice(year.labour_cost),
    parts: formatPrice(year.parts_cost),
  }).split(TOTAL);
  return (
    <span className="year-cost">
      {before}
      <strong>{formatPrice(year.total)}</strong>
      {after}
    </span>
  );
}

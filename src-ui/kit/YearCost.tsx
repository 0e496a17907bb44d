/**
 * What the work at an asset or a location cost this year, as a value of its detail's rows
 * (docs/decisions.md: What the work costs): the total, then labour and parts. Read through the
 * worker (the saved copy offline) and again when labour or parts are recorded anywhere.
 */
import { formatPrice } from '../format/display';
import { useSynced, useWorkerRead } from '../state/hooks';

export function YearCost({ of, id }: { of: 'assets' | 'locations'; id: number }) {
  const costs = useWorkerRead(`year-costs|${of}|${id}`, (worker) => worker.kpis.yearCosts(of, id));
  useSynced('labour', 'any', () => void costs.reload());
  useSynced('partmoves', 'any', () => void costs.reload());
  const year = costs.result?.data;
  if (!year) return <span className="empty-text">{costs.error ? 'Not available' : 'Loading...'}</span>;
  return (
    <span className="year-cost">
      <strong>{formatPrice(year.total)}</strong> in {year.year} (labour {formatPrice(year.labour_cost)}, parts {formatPrice(year.parts_cost)})
    </span>
  );
}

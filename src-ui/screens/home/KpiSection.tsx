/**
 * The key figures under /home's buttons (docs/decisions.md: Key figures on /home). Its own lazily
 * loaded chunk: the first screen's script does not grow, and the buttons are drawn before it loads.
 * Read through the data worker: the network first, the copy saved on the device while offline,
 * shown with the time the figures were computed; read again when the records they count change.
 */
import { useEffect, useRef } from 'react';
import type { Kpis } from '../../../shared/api/kpis';
import { messageForScreen } from '../../../shared/data/messages';
import type { ReadResult } from '../../../shared/data/protocol';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { PageError } from '../../components/PageError';
import { formatDateTime } from '../../format/display';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { KPI_TEXTS } from './kpi-format';
import { ChemicalUseKpis } from './ChemicalUseKpis';
import { CostKpis } from './CostKpis';
import { MaintenanceKpis } from './MaintenanceKpis';
import { OpenWorkOrdersKpis } from './OpenWorkOrdersKpis';
import { ResponseTimesKpis } from './ResponseTimesKpis';

function Figures({ result }: { result: ReadResult<Kpis> }) {
  const kpis = result.data;
  return (
    <>
      {result.fromCache ? <SavedDataNotice text={KPI_TEXTS.savedFigures} cachedAt={null} /> : null}
      <p className="kpi-as-of">
        As of <time dateTime={kpis.as_of}>{formatDateTime(kpis.as_of)}</time>
      </p>
      <div className="kpi-groups">
        <OpenWorkOrdersKpis open={kpis.open_work_orders} />
        <ResponseTimesKpis times={kpis.response_times} period={kpis.period_days} />
        <MaintenanceKpis maintenance={kpis.maintenance} />
        {kpis.chemical_usage.sites.length > 0 ? <ChemicalUseKpis usage={kpis.chemical_usage} /> : null}
        {/* A copy saved before the costs were figured has none. */}
        {kpis.costs ? <CostKpis windows={kpis.costs} /> : null}
      </div>
    </>
  );
}

/** Changes to what the figures count arrive in bursts (a pull names each record): one read for a burst. */
const FOLLOW_CHANGES_AFTER_MS = 500;

export function KpiSection() {
  const { loading, result, error, reload } = useWorkerRead('kpis', (worker) => worker.kpis.get());
  // Live: another user's claim, a completion or a fill (hinted, pulled, then announced) reads the figures again.
  const later = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (later.current && clearTimeout(later.current)), []);
  const readSoon = () => {
    if (later.current) clearTimeout(later.current);
    later.current = setTimeout(() => void reload(), FOLLOW_CHANGES_AFTER_MS);
  };
  useSynced('workorders', 'any', readSoon);
  useSynced('maintenance', 'any', readSoon);
  useSynced('chemicals', 'any', readSoon);
  useSynced('partmoves', 'any', readSoon);
  useSynced('labour', 'any', readSoon);
  const failure = error ? messageForScreen(error, KPI_TEXTS.loadFailed) : null;
  return (
    <section className="kpis" aria-labelledby="kpis-title" aria-busy={loading}>
      <h2 id="kpis-title">Key figures</h2>
      {result ? (
        <>
          {failure ? <WarningNotice text={failure} /> : null}
          <Figures result={result} />
        </>
      ) : failure ? (
        <PageError message={failure} onRetry={() => void reload()} />
      ) : (
        <p className="kpi-note">Loading the key figures…</p>
      )}
    </section>
  );
}

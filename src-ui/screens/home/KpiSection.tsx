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
import { useT } from '../../i18n/language';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { KPI_TEXTS } from './kpi-format';
import { ChemicalUseKpis } from './ChemicalUseKpis';
import { CostKpis } from './CostKpis';
import { MaintenanceKpis } from './MaintenanceKpis';
import { OpenWorkOrdersKpis } from './OpenWorkOrdersKpis';
import { ResponseTimesKpis } from './ResponseTimesKpis';

/** Stands for the time in "As of {time}", so the time can be drawn as a <time> element where the language puts it. */
const TIME_MARK = '\u0000';

function Figures({ result }: { result: ReadResult<Kpis> }) {
  const t = useT();
  const kpis = result.data;
  const [beforeTime = '', afterTime = ''] = t('As of {time}', { time: TIME_MARK }).split(TIME_MARK);
  return (
    <>
      {result.fromCache ? <SavedDataNotice text={t(KPI_TEXTS.savedFigures)} cachedAt={null} /> : null}
      <p className="kpi-as-of">
        {beforeTime}
        <time dateTime={kpis.as_of}>{formatDateTime(kpis.as_of)}</time>
        {afterTime}
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
  const t = useT();
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
  const failure = error ? t(messageForScreen(error, KPI_TEXTS.loadFailed)) : null;
  return (
    <section className="kpis" aria-labelledby="kpis-title" aria-busy={loading}>
      <h2 id="kpis-title">{t('Key figures')}</h2>
      {result ? (
        <>
          {failure ? <WarningNotice text={failure} /> : null}
          <Figures result={result} />
        </>
      ) : failure ? (
        <PageError message={failure} onRetry={() => void reload()} />
      ) : (
        <p className="kpi-note">{t('Loading the key figures…')}</p>
      )}
    </section>
  );
}

/**
 * An asset's history on its detail (docs/decisions.md: Asset history; not in the spec): its work
 * orders and the task completions that name it, newest first, ten at a time, each with its status
 * and who, opening the order or the task. Read through the data worker: the saved page while offline.
 */
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AssetHistoryEntry } from '../../../shared/api/asset-history';
import { PAGE_SIZE } from '../../../shared/constants';
import { messageForScreen } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { formatDateTime, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { WorkOrderStatus } from '../workorders/WorkOrderStatus';

const TEXTS = {
  // "History" is the record's own (its changes, kit/HistorySection.tsx); this is the work done on it.
  title: msg('Work history'),
  loading: msg('Loading the work history...'),
  empty: msg('No work has been recorded for this asset yet.'),
  failure: msg('Failed to load the work history.'),
  saved: msg("Showing the saved work history. We'll refresh once the connection returns."),
} as const;

/** The word for who the status names: who reported a pending order, claimed one, or completed the work. */
const BY: Record<AssetHistoryEntry['status'], string> = { Pending: msg('Reported by {name}'), Claimed: msg('Claimed by {name}'), Completed: msg('Completed by {name}') };

function HistoryEntry({ entry }: { entry: AssetHistoryEntry }) {
  const t = useT();
  const order = entry.kind === 'workorder';
  const who = fullName(entry.by);
  return (
    <li className="history-entry">
      <div className="history-entry-head">
        <Link href={order ? `/workorder-detail/${entry.record_id}` : `/maintenance-detail/${entry.record_id}`}>
          {order ? t('Work Order #{id}', { id: entry.record_id }) : t('Task #{id} completed', { id: entry.record_id })}
        </Link>
        <WorkOrderStatus status={entry.status} />
      </div>
      <div className="wo-meta">
        <span>{formatDateTime(entry.at)}</span>
        {who ? <span>{t(BY[entry.status], { name: who })}</span> : null}
      </div>
      <p>{entry.description}</p>
      {entry.field_notes ? <p>{t('Field Notes: {notes}', { notes: entry.field_notes })}</p> : null}
    </li>
  );
}

export function AssetHistory({ assetId }: { assetId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useWorkerRead(`assets-history|${assetId}|${page}`, (worker) => worker.assets.history(assetId, page));
  const data = history.result?.data;
  // An order reported here (queued offline, say) reached the server: it may be the newest entry.
  useSynced('workorders', 'any', () => void history.reload());

  let body;
  if (!data && history.error) body = <WarningNotice text={t(messageForScreen(history.error, TEXTS.failure))} />;
  else if (!data) body = <p role="status">{t(TEXTS.loading)}</p>;
  else if (data.results.length === 0) body = <p className="empty-text">{t(TEXTS.empty)}</p>;
  else
    body = (
      <>
        <ul className="history-list" aria-label={t(TEXTS.title)}>
          {data.results.map((entry) => (
            <HistoryEntry key={`${entry.kind}-${entry.id}`} entry={entry} />
          ))}
        </ul>
        {data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
      </>
    );

  return (
    <section className="asset-history" aria-labelledby="asset-history-title">
      <h2 id="asset-history-title">{t(TEXTS.title)}</h2>
      {history.result?.fromCache ? <SavedDataNotice text={t(TEXTS.saved)} cachedAt={history.result.cachedAt} /> : null}
      {data && history.error ? <WarningNotice text={t(messageForScreen(history.error, TEXTS.failure))} /> : null}
      {body}
    </section>
  );
}

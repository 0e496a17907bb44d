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
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { formatDateTime, fullName } from '../../format/display';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { WorkOrderStatus } from '../workorders/WorkOrderStatus';

const TEXTS = {
  // "History" is the record's own (its changes, kit/HistorySection.tsx); this is the work done on it.
  title: 'Work history',
  loading: 'Loading the work history...',
  empty: 'No work has been recorded for this asset yet.',
  failure: 'Failed to load the work history.',
  saved: "Showing the saved work history. We'll refresh once the connection returns.",
} as const;

/** The word for who the status names: who reported a pending order, claimed one, or completed the work. */
const BY: Record<AssetHistoryEntry['status'], string> = { Pending: 'Reported by', Claimed: 'Claimed by', Completed: 'Completed by' };

function HistoryEntry({ entry }: { entry: AssetHistoryEntry }) {
  const order = entry.kind === 'workorder';
  const who = fullName(entry.by);
  return (
    <li className="history-entry">
      <div className="history-entry-head">
        <Link href={order ? `/workorder-detail/${entry.record_id}` : `/maintenance-detail/${entry.record_id}`}>
          {order ? `Work Order #${entry.record_id}` : `Task #${entry.record_id} completed`}
        </Link>
        <WorkOrderStatus status={entry.status} />
      </div>
      <div className="wo-meta">
        <span>{formatDateTime(entry.at)}</span>
        {who ? (
          <span>
            {BY[entry.status]} {who}
          </span>
        ) : null}
      </div>
      <p>{entry.description}</p>
      {entry.field_notes ? <p>Field Notes: {entry.field_notes}</p> : null}
    </li>
  );
}

export function AssetHistory({ assetId }: { assetId: number }) {
  const [page, setPage] = useState(1);
  const history = useWorkerRead(`assets-history|${assetId}|${page}`, (worker) => worker.assets.history(assetId, page));
  const data = history.result?.data;
  // An order reported here (queued offline, say) reached the server: it may be the newest entry.
  useSynced('workorders', 'any', () => void history.reload());

  let body;
  if (!data && history.error) body = <WarningNotice text={messageForScreen(history.error, TEXTS.failure)} />;
  else if (!data) body = <p role="status">{TEXTS.loading}</p>;
  else if (data.results.length === 0) body = <p className="empty-text">{TEXTS.empty}</p>;
  else
    body = (
      <>
        <ul className="history-list" aria-label={TEXTS.title}>
          {data.results.map((entry) => (
            <HistoryEntry key={`${entry.kind}-${entry.id}`} entry={entry} />
          ))}
        </ul>
        {data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
      </>
    );

  return (
    <section className="asset-history" aria-labelledby="asset-history-title">
      <h2 id="asset-history-title">{TEXTS.title}</h2>
      {history.result?.fromCache ? <SavedDataNotice text={TEXTS.saved} cachedAt={history.result.cachedAt} /> : null}
      {data && history.error ? <WarningNotice text={messageForScreen(history.error, TEXTS.failure)} /> : null}
      {body}
    </section>
  );
}

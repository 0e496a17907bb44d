/** The Offline Activity side panel: the outbox as the worker reports it (spec 2, spec 4 Queued item status). */
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Sidebar } from 'primereact/sidebar';
import { memo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { QUEUE_MESSAGES } from '../../shared/data/messages';
import type { QueueItemStatus, QueueItemView } from '../../shared/data/protocol';
import { formatBytes, formatDateTime, formatKilobytes } from '../format/display';
import { queueItemTitle, queueStatusText } from '../format/queue';
import { callWorker } from '../state/bridge';
import { toDataError } from '../state/errors';
import { showToast } from '../state/toasts';
import { useNow } from '../state/hooks';
import { store } from '../state/store';

type BadgeSeverity = 'secondary' | 'info' | 'warning' | 'danger' | 'success';

const STATUS_BADGES: Record<QueueItemStatus, BadgeSeverity> = {
  queued: 'secondary',
  pending: 'info',
  retrying: 'warning',
  failed: 'danger',
  synced: 'success',
  conflict: 'warning',
};

/** "task_notes" → "Task notes": the field names of an update as the panel lists them. */
const fieldLabel = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

interface RowActions {
  onRemove: (id: string) => void;
  onReapply: (id: string) => void;
}

/**
 * An update the server refused because the record changed since the user edited it: what happened,
 * the user's changes, and the choice to re-apply them to the record as it is now or discard them
 * (asked again before anything is thrown away).
 */
function ConflictChoice({ item, title, actions }: { item: QueueItemView; title: string; actions: RowActions }) {
  const [discarding, setDiscarding] = useState(false);
  const changes = Object.entries(item.changes ?? {});
  return (
    <>
      {changes.length ? <div className="queue-item-changes">Your changes: {changes.map(([field, value]) => `${fieldLabel(field)}: ${value}`).join('; ')}</div> : null}
      {discarding ? (
        <div className="queue-item-actions" role="group" aria-label={`Discard ${title}?`}>
          <span>Discard your changes?</span>
          <Button type="button" label="Discard changes" size="small" severity="danger" onClick={() => actions.onRemove(item.id)} />
          <Button type="button" label="Keep" size="small" severity="secondary" outlined onClick={() => setDiscarding(false)} />
        </div>
      ) : (
        <div className="queue-item-actions">
          <Button type="button" label="Re-apply" icon="pi pi-replay" size="small" onClick={() => actions.onReapply(item.id)} aria-label={`Re-apply ${title}`} />
          <Button type="button" label="Discard" icon="pi pi-times" size="small" severity="danger" outlined onClick={() => setDiscarding(true)} aria-label={`Discard ${title}`} />
        </div>
      )}
    </>
  );
}

/** Rows are redrawn only when what they show changed (each queue patch brings new objects; the actions are made anew on each render but do the same). */
function sameRow(a: { item: QueueItemView; now: number }, b: { item: QueueItemView; now: number }): boolean {
  const x = a.item;
  const y = b.item;
  return x.id === y.id && x.status === y.status && x.retryCount === y.retryCount && x.lastError === y.lastError && x.retryAt === y.retryAt && (x.status !== 'retrying' || a.now === b.now);
}


const QueueItemRow = memo(function QueueItemRow({ item, now, actions }: { item: QueueItemView; now: number; actions: RowActions }) {
  const title = queueItemTitle(item);
  return (
    <li className="queue-item" data-status={item.status}>
      <div className="queue-item-head">
        <span>{title}</span>
        <Badge value={item.status} severity={STATUS_BADGES[item.status]} />
      </div>
      <div>Target: {item.targetLabel ?? item.targetId ?? '(unspecified)'}</div>
      <div>Created {formatDateTime(item.createdAt)}</div>
      <div className="queue-item-status">{queueStatusText(item, now)}</div>
      {item.retryCount > 0 ? <div>Attempts: {item.retryCount}</div> : null}
      {item.status === 'conflict' ? (
        <ConflictChoice item={item} title={title} actions={actions} />
      ) : (
        <Button type="button" label="Remove" icon="pi pi-times" size="small" severity="secondary" outlined onClick={() => actions.onRemove(item.id)} aria-label={`Remove ${title}`} />
      )}
    </li>
  );
}, sameRow);

/**
 * Rows drawn at first, and added per "Show more" (25 fill several phone screens): opening the panel
 * with 100 or 1,000 items costs the same on a slow handset, and so does each update during a flush.
 */
export const QUEUE_ROWS_STEP = 25;

export function OfflineActivityPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const snap = useSnapshot(store);
  const { items, stats, error } = snap.queue;
  const { storage } = snap;
  const [shown, setShown] = useState(QUEUE_ROWS_STEP);
  const hidden = Math.max(0, items.length - shown);
  const [actionError, setActionError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const now = useNow(visible && items.some((i) => i.status === 'retrying'));

  const run = async (action: () => Promise<void>, failure: string, done?: string) => {
    setActionError(null);
    setWorking(true);
    try {
      await action();
      if (done) showToast({ severity: 'success', detail: done });
    } catch (err) {
      setActionError(toDataError(err).type === 'queue' ? toDataError(err).message : failure);
    } finally {
      setWorking(false);
    }
  };
  const rowActions: RowActions = {
    onRemove: (id) => {
      const conflict = items.some((i) => i.id === id && i.status === 'conflict');
      void run(() => callWorker((api) => api.queue.remove(id)), QUEUE_MESSAGES.removeFailed, conflict ? QUEUE_MESSAGES.discarded : undefined);
    },
    onReapply: (id) => void run(() => callWorker((api) => api.queue.reapply(id)), QUEUE_MESSAGES.reapplyFailed, QUEUE_MESSAGES.reapplied),
  };

  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="activity-panel"
      header={<h2 className="activity-title">Offline Activity</h2>}
      aria-label="Offline Activity"
      blockScroll
    >
      <div className="activity-summary">
        <div className="activity-summary-text">
          <strong>Queued actions</strong>: <span data-testid="queue-count">{stats.totalItems}</span> ({formatKilobytes(stats.totalBytes)})
        </div>
        <Button type="button" label="Retry" icon="pi pi-refresh" size="small" disabled={working} onClick={() => void run(() => callWorker((api) => api.queue.retry()), QUEUE_MESSAGES.retryFailed)} />
        <Button
          type="button"
          label="Clear"
          icon="pi pi-trash"
          size="small"
          severity="danger"
          outlined
          disabled={working || items.length === 0}
          tooltip="Remove all queued actions"
          tooltipOptions={{ position: 'bottom', showOnDisabled: true }}
          onClick={() => void run(() => callWorker((api) => api.queue.clear()), QUEUE_MESSAGES.clearFailed)}
        />
      </div>
      {storage.usage !== null && storage.quota ? (
        <p className="field-hint">
          Device storage: {formatBytes(storage.usage)} of {formatBytes(storage.quota)} used.
        </p>
      ) : null}
      {storage.persisted === false && stats.totalItems > 0 ? (
        <p className="field-hint">
          Queued actions are kept on this device only. The browser may remove them if it runs short of space; installing the app keeps them
          safer.
        </p>
      ) : null}
      {actionError || error ? (
        <div className="notice">
          <Message severity="error" text={actionError ?? error ?? ''} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="empty-text">All caught up. Offline actions will appear here when queued.</p>
      ) : (
        <>
          <ul className="queue-items" aria-label="Queued actions">
            {items.slice(0, shown).map((item) => (
              <QueueItemRow key={item.id} item={item as QueueItemView} now={now} actions={rowActions} />
            ))}
          </ul>
          {hidden > 0 ? (
            <Button
              type="button"
              className="queue-show-more"
              label={`Show ${Math.min(QUEUE_ROWS_STEP, hidden)} more (${hidden} not shown)`}
              size="small"
              text
              onClick={() => setShown((n) => n + QUEUE_ROWS_STEP)}
            />
          ) : null}
        </>
      )}
    </Sidebar>
  );
}

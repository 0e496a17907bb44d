/** The Offline Activity side panel: the outbox as the worker reports it (behaviour §2, behaviour §4 Queued item status). */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { CSSTransitionProps } from 'primereact/csstransition';
import { Sidebar } from 'primereact/sidebar';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { QUEUE_MESSAGES } from '../../shared/data/messages';
import type { QueueItemStatus, QueueItemView } from '../../shared/data/protocol';
import { formatBytes, formatDateTime, formatKilobytes } from '../format/display';
import { queueItemTitle, queueStatusText, queueStatusWord } from '../format/queue';
import { t as say } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';
import { callWorker } from '../state/bridge';
import { toDataError } from '../state/errors';
import { showToast } from '../state/toasts';
import { PlainBadge, PlainButton, type Severity } from './PlainButton';
import { useNow } from '../state/hooks';
import { store } from '../state/store';

const STATUS_BADGES: Record<QueueItemStatus, Severity> = {
  queued: 'secondary',
  pending: 'info',
  retrying: 'warning',
  failed: 'danger',
  synced: 'success',
  conflict: 'warning',
};

/** "task_notes" → "Task notes": the field names of an update as the panel lists them (said by a catalogue that has the name). */
const fieldLabel = (field: string) => say(field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' '));

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
  const t = useT();
  const [discarding, setDiscarding] = useState(false);
  const changes = Object.entries(item.changes ?? {});
  return (
    <>
      {changes.length ? (
        <div className="queue-item-changes">{t('Your changes: {changes}', { changes: changes.map(([field, value]) => `${fieldLabel(field)}: ${value}`).join('; ') })}</div>
      ) : null}
      {discarding ? (
        <div className="queue-item-actions" role="group" aria-label={t('Discard {item}?', { item: title })}>
          <span>{t('Discard your changes?')}</span>
          <PlainButton label={t('Discard changes')} severity="danger" onClick={() => actions.onRemove(item.id)} />
          <PlainButton label={t('Keep')} severity="secondary" outlined onClick={() => setDiscarding(false)} />
        </div>
      ) : (
        <div className="queue-item-actions">
          <PlainButton label={t('Re-apply')} icon="pi pi-replay" onClick={() => actions.onReapply(item.id)} ariaLabel={t('Re-apply {item}', { item: title })} />
          <PlainButton label={t('Discard')} icon="pi pi-times" severity="danger" outlined onClick={() => setDiscarding(true)} ariaLabel={t('Discard {item}', { item: title })} />
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
  const t = useT();
  const title = queueItemTitle(item);
  return (
    <li className="queue-item" data-status={item.status}>
      <div className="queue-item-head">
        <span>{title}</span>
        <PlainBadge value={queueStatusWord(item.status)} severity={STATUS_BADGES[item.status]} />
      </div>
      <div>{t('Target: {target}', { target: item.targetLabel ?? item.targetId ?? t('(unspecified)') })}</div>
      <div>{t('Created {date}', { date: formatDateTime(item.createdAt) })}</div>
      <div className="queue-item-status">{queueStatusText(item, now)}</div>
      {item.retryCount > 0 ? <div>{t('Attempts: {count}', { count: item.retryCount })}</div> : null}
      {item.status === 'conflict' ? (
        <ConflictChoice item={item} title={title} actions={actions} />
      ) : (
        <PlainButton label={t('Remove')} icon="pi pi-times" severity="secondary" outlined onClick={() => actions.onRemove(item.id)} ariaLabel={t('Remove {item}', { item: title })} />
      )}
    </li>
  );
}, sameRow);

/** Retry and Clear, drawn again only when whether they may be used changes. */
const QueueActions = memo(function QueueActions({ working, empty, onRetry, onClear }: { working: boolean; empty: boolean; onRetry: () => void; onClear: () => void }) {
  const t = useT();
  return (
    <>
      <Button type="button" label={t('Retry')} icon="pi pi-refresh" size="small" disabled={working} onClick={onRetry} />
      <Button
        type="button"
        label={t('Clear')}
        icon="pi pi-trash"
        size="small"
        severity="danger"
        outlined
        disabled={working || empty}
        tooltip={t('Remove all queued actions')}
        tooltipOptions={CLEAR_TOOLTIP}
        onClick={onClear}
      />
    </>
  );
});
const CLEAR_TOOLTIP = { position: 'bottom', showOnDisabled: true } as const;

/**
 * Rows drawn at first, and added per "Show more" (25 fill several phone screens): opening the panel
 * with 100 or 1,000 items costs the same on a slow handset, and so does each update during a flush.
 */
export const QUEUE_ROWS_STEP = 25;

/**
 * The panel opens and closes without sliding: the slide's start forces a layout of the whole page
 * (react-transition-group's reflow), which on a slow handset was a task of several hundred ms each
 * time the panel was opened.
 */
const NO_SLIDE: CSSTransitionProps = { disabled: true, timeout: 0 };

/**
 * Without blockScroll either: PrimeReact blocks the page's scrolling by setting a custom property
 * (--scrollbar-width) on <body>, and a custom property on <body> makes the browser compute the
 * style of every element of the page again, when the panel opens and again when it closes. The
 * panel's own list keeps its scrolling to itself instead (overscroll-behavior in styles/parts/activity-panel.css), and a
 * touch on the mask does not pan the page. In a trace under a 6× throttle, each opening of the
 * panel restyled 880–1,420 elements with it and 410–950 without.
 */
export function OfflineActivityPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const t = useT();
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="activity-panel"
      maskClassName="activity-panel-mask"
      header={<h2 className="activity-title">{t('Offline Activity')}</h2>}
      aria-label={t('Offline Activity')}
      transitionOptions={NO_SLIDE}
    >
      <QueueContent visible={visible} />
    </Sidebar>
  );
}

/** The panel's contents: the only part drawn again when the queue changes (the Sidebar around it is not). */
function QueueContent({ visible }: { visible: boolean }) {
  const t = useT();
  const snap = useSnapshot(store);
  const { stats, error } = snap.queue;
  // The rows follow the queue at low priority: during a flush each update redraws several of them
  // (sent ones move down, waiting ones move up), and React draws them in slices between the
  // user's input instead of in one long task. The count above them is always current.
  const items = useDeferredValue(snap.queue.items);
  const { storage, workingSet } = snap;
  const [shown, setShown] = useState(QUEUE_ROWS_STEP);
  const hidden = Math.max(0, items.length - shown);
  const [actionError, setActionError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const now = useNow(visible && items.some((i) => i.status === 'retrying'));

  // Stable handlers: the queue updates several times a second during a flush, and the buttons and
  // rows that take them need not be drawn again for it.
  const run = useCallback(async (action: () => Promise<void>, failure: string, done?: string) => {
    setActionError(null);
    setWorking(true);
    try {
      await action();
      if (done) showToast({ severity: 'success', detail: say(done) });
    } catch (err) {
      setActionError(toDataError(err).type === 'queue' ? toDataError(err).message : failure);
    } finally {
      setWorking(false);
    }
  }, []);
  const rowActions = useMemo<RowActions>(
    () => ({
      onRemove: (id) => {
        // The queue as it is now (not the rows' deferred copy), read when the button is pressed.
        const conflict = store.queue.items.some((i) => i.id === id && i.status === 'conflict');
        void run(() => callWorker((worker) => worker.queue.remove(id)), QUEUE_MESSAGES.removeFailed, conflict ? QUEUE_MESSAGES.discarded : undefined);
      },
      onReapply: (id) => void run(() => callWorker((worker) => worker.queue.reapply(id)), QUEUE_MESSAGES.reapplyFailed, QUEUE_MESSAGES.reapplied),
    }),
    [run],
  );
  const retry = useCallback(() => void run(() => callWorker((worker) => worker.queue.retry()), QUEUE_MESSAGES.retryFailed), [run]);
  const clear = useCallback(() => void run(() => callWorker((worker) => worker.queue.clear()), QUEUE_MESSAGES.clearFailed), [run]);

  return (
    <>
      <div className="activity-summary">
        <div className="activity-summary-text">
          <strong>{t('Queued actions')}</strong>: <span data-testid="queue-count">{stats.totalItems}</span> ({formatKilobytes(stats.totalBytes)})
        </div>
        <QueueActions working={working} empty={items.length === 0} onRetry={retry} onClear={clear} />
      </div>
      {storage.usage !== null && storage.quota ? (
        <p className="field-hint">
          {t('Device storage: {used} of {quota} used.', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })}
        </p>
      ) : null}
      {workingSet?.syncedAt ? (
        <p className="field-hint" data-testid="working-set">
          {t('Saved for offline: {records} records, {size}, updated {date}', {
            records: workingSet.records,
            size: formatBytes(workingSet.bytes),
            date: formatDateTime(workingSet.syncedAt),
          })}
        </p>
      ) : null}
      {workingSet?.error ? (
        <div className="notice">
          <Message severity="warn" text={t('The saved data could not be updated: {error}', { error: t(workingSet.error) })} />
        </div>
      ) : null}
      {storage.persisted === false && stats.totalItems > 0 ? (
        <p className="field-hint">
          {t(
            'Queued actions are kept on this device only. The browser may remove them if it runs short of space; installing the app keeps them safer.',
          )}
        </p>
      ) : null}
      {actionError || error ? (
        <div className="notice">
          <Message severity="error" text={t(actionError ?? error ?? '')} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="empty-text">{t('All caught up. Offline actions will appear here when queued.')}</p>
      ) : (
        <>
          <ul className="queue-items" aria-label={t('Queued actions')}>
            {items.slice(0, shown).map((item) => (
              <QueueItemRow key={item.id} item={item as QueueItemView} now={now} actions={rowActions} />
            ))}
          </ul>
          {hidden > 0 ? (
            <PlainButton
              className="queue-show-more"
              label={t('Show {count} more ({hidden} not shown)', { count: Math.min(QUEUE_ROWS_STEP, hidden), hidden })}
              text
              onClick={() => setShown((n) => n + QUEUE_ROWS_STEP)}
            />
          ) : null}
        </>
      )}
    </>
  );
}

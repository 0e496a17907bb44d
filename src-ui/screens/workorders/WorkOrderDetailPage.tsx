/**
 * One work order (spec 2, spec 4): its fields and attachments; Complete and Claim/Unclaim for
 * full-access users with their enable rules and confirm dialogs; the "Pending sync" box; a reload
 * once its queued actions synced; Back to the list it was opened from.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { WorkOrder, WorkOrderAttachment } from '../../../shared/api/workorders';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { MutationResult, QueueItemView } from '../../../shared/data/protocol';
import { LinkButton } from '../../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { PageError } from '../../components/PageError';
import { formatDateTime, fullName } from '../../format/display';
import { queueItemTitle, queueStatusText } from '../../format/queue';
import { callWorker, type WorkerRemote } from '../../state/bridge';
import { toDataError } from '../../state/errors';
import { useCurrentUser, useNow, useSynced, useWorkerRead } from '../../state/hooks';
import { store } from '../../state/store';
import { showToast } from '../../state/toasts';
import { WorkOrderStatus } from './WorkOrderStatus';
import { originListUrl } from './list-query';
import { WORKORDER_DOMAIN, claimButton, completeButton, pendingActionsFor, type WorkOrderAction } from './workorder-rules';

const FAILURE_FALLBACKS: Record<WorkOrderAction, string> = {
  claim: SCREEN_MESSAGES.workorders.claim,
  unclaim: SCREEN_MESSAGES.workorders.unclaim,
  complete: SCREEN_MESSAGES.workorders.complete,
};

const DIALOGS: Record<WorkOrderAction, { header: string; question: string; confirm: string }> = {
  claim: { header: 'Confirm Claim', question: 'Claim this work order? It will be assigned to you.', confirm: 'Claim' },
  unclaim: { header: 'Confirm Unclaim', question: 'Unclaim this work order? It goes back to Pending.', confirm: 'Unclaim' },
  complete: { header: 'Confirm Complete', question: 'Mark this work order as completed?', confirm: 'Complete' },
};

function Attachment({ attachment }: { attachment: WorkOrderAttachment }) {
  const image = attachment.content_type.startsWith('image/');
  return (
    <li>
      <a className="attachment-link" href={attachment.file} target="_blank" rel="noopener noreferrer" aria-label={`Open ${attachment.name} in a new tab`}>
        {image ? (
          <img src={attachment.file} alt="" loading="lazy" />
        ) : (
          <>
            <i className="pi pi-file" style={{ fontSize: '1.75rem' }} aria-hidden="true" />
            <span>{attachment.name}</span>
          </>
        )}
      </a>
    </li>
  );
}

function PendingSync({ items }: { items: QueueItemView[] }) {
  const now = useNow(items.some((i) => i.status === 'retrying'));
  return (
    <section className="pending-sync" aria-labelledby="pending-sync-title">
      <h2 id="pending-sync-title">Pending sync</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {queueItemTitle(item)}: {queueStatusText(item, now)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WorkOrderDetailPage({ params }: { params: { id?: string } }) {
  const id = Number(params.id);
  const user = useCurrentUser();
  const snap = useSnapshot(store);
  const detail = useWorkerRead(`workorder|${params.id}`, (api) => api.workorders.get(id));
  const [dialog, setDialog] = useState<WorkOrderAction | null>(null);
  const [fieldNotes, setFieldNotes] = useState('');
  const [sending, setSending] = useState(false);

  useSynced(WORKORDER_DOMAIN, String(id), () => {
    void detail.reload().then((error) => {
      if (error?.shouldNotify) showToast({ severity: 'error', detail: SCREEN_MESSAGES.workorders.refreshAfterSync });
    });
  });

  const back = <LinkButton href={originListUrl()} label="Back" icon="pi pi-arrow-left" outlined />;
  const order = detail.result?.data as WorkOrder | undefined;

  if (!order) {
    let content;
    if (!Number.isSafeInteger(id) || id < 1 || detail.error?.type === 'not_found') content = <p className="empty-text">{NOT_FOUND_MESSAGES.workorder}</p>;
    else if (detail.error) content = <PageError message={messageForScreen(detail.error, SCREEN_MESSAGES.workorders.loadDetails)} onRetry={() => void detail.reload()} />;
    else
      content = (
        <p className="empty-text" role="status">
          Loading work order...
        </p>
      );
    return (
      <section>
        <div className="page-header">
          <h1>Work Order</h1>
          {back}
        </div>
        {content}
      </section>
    );
  }

  const pending = pendingActionsFor(snap.queue.items as QueueItemView[], order.id);
  const canAct = Boolean(user?.full_feature_access);
  const complete = user ? completeButton(order, user.id, pending) : null;
  const claim = user ? claimButton(order, user.id, pending) : null;
  const owner = order.status === 'Claimed' ? fullName(order.assigned_to[0]) : '';

  const run = async (action: WorkOrderAction) => {
    setSending(true);
    try {
      const call = (api: WorkerRemote): Promise<MutationResult<WorkOrder>> =>
        action === 'complete' ? api.workorders.complete(order.id, fieldNotes.trim()) : action === 'claim' ? api.workorders.claim(order.id) : api.workorders.unclaim(order.id);
      const result = await callWorker(call);
      setDialog(null);
      setFieldNotes('');
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      // The server answered with the order as it now is: shown as it is, no second request.
      if (result.status === 'done') detail.show(result.data);
    } catch (err) {
      setDialog(null);
      // Spec 8: 403 and 404 are not notified; the reload shows what is left of the order.
      if (toDataError(err).shouldNotify) showToast({ severity: 'error', detail: messageForScreen(err, FAILURE_FALLBACKS[action]) });
      void detail.reload();
    } finally {
      setSending(false);
    }
  };

  const open = dialog ? DIALOGS[dialog] : null;

  return (
    <section>
      <div className="page-header">
        <h1>Work Order #{order.id}</h1>
        {back}
      </div>
      {detail.result?.fromCache ? <SavedDataNotice text={OFFLINE_BANNERS.workorderDetail} cachedAt={detail.result.cachedAt} /> : null}
      {detail.error ? <WarningNotice text={messageForScreen(detail.error, SCREEN_MESSAGES.workorders.loadDetails)} /> : null}
      <div className="panel">
        <dl className="detail-grid">
          <dt>Location</dt>
          <dd>{order.location_name}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
          <dt>Description</dt>
          <dd>{order.description}</dd>
          <dt>Status</dt>
          <dd>
            <WorkOrderStatus status={order.status} />
          </dd>
          {owner ? (
            <>
              <dt>Owner</dt>
              <dd>{owner}</dd>
            </>
          ) : null}
          {order.field_notes ? (
            <>
              <dt>Field Notes</dt>
              <dd>{order.field_notes}</dd>
            </>
          ) : null}
          <dt>Attachments</dt>
          <dd>
            {order.attachments.length ? (
              <ul className="attachments">
                {order.attachments.map((a) => (
                  <Attachment key={a.id} attachment={a as WorkOrderAttachment} />
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
        </dl>
        {canAct && complete && claim ? (
          <div className="button-row">
            <Button type="button" label={complete.label} icon="pi pi-check" severity="success" disabled={complete.disabled || sending} onClick={() => setDialog('complete')} />
            <Button type="button" label={claim.label} icon={claim.action === 'claim' ? 'pi pi-user-plus' : 'pi pi-user-minus'} disabled={claim.disabled || sending} onClick={() => setDialog(claim.action)} />
          </div>
        ) : null}
      </div>
      {pending.length ? <PendingSync items={pending} /> : null}
      <Dialog
        header={open?.header}
        visible={dialog !== null}
        onHide={() => !sending && setDialog(null)}
        style={{ width: 'min(30rem, calc(100vw - 2rem))' }}
        footer={
          <div>
            <Button type="button" label="Cancel" text onClick={() => setDialog(null)} disabled={sending} />
            <Button type="button" label={sending ? 'Submitting...' : (open?.confirm ?? '')} onClick={() => dialog && void run(dialog)} disabled={sending} autoFocus />
          </div>
        }
      >
        <p>{open?.question}</p>
        {dialog === 'complete' ? (
          <div className="field">
            <label htmlFor="wo-field-notes">Field Notes</label>
            <InputTextarea id="wo-field-notes" rows={4} value={fieldNotes} onChange={(e) => setFieldNotes(e.target.value)} placeholder="Optional" />
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}

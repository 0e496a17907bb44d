/**
 * Requests from labels, for full-access users (docs/decisions.md: Requests at the label): new ones
 * first, each with its place, when, what, the photo and whoever left contact details; Accept opens a
 * work order at its place with its photo, Turn down asks why (the sender reads it). Both are sent
 * now or queued and sent once, like every write.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { REQUEST_MESSAGES, type RequestStatus, type WorkRequest } from '../../../shared/api/requests';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { MutationResult } from '../../../shared/data/protocol';
import { Field, dropdownPt, fieldAria } from '../../components/Field';
import { LinkButton } from '../../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { formatDateTime } from '../../format/display';
import { FormDialog } from '../../kit/FormDialog';
import { RecordThumbnail } from '../../kit/RecordThumbnail';
import { PendingSyncTag, usePendingActions } from '../../kit/StatusActions';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

const SHOWN: { label: string; value: RequestStatus | 'all' }[] = [
  { label: 'New', value: 'new' },
  { label: 'Accepted', value: 'accepted' },
  { label: 'Done', value: 'completed' },
  { label: 'Turned down', value: 'rejected' },
  { label: 'All', value: 'all' },
];
const STATUS_LABELS: Record<RequestStatus, string> = { new: 'New', accepted: 'Accepted', completed: 'Done', rejected: 'Turned down' };

export function RequestsPage() {
  const [shown, setShown] = useState<RequestStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const status = shown === 'all' ? null : shown;
  const list = useWorkerRead(`requests|${shown}|${page}`, (worker) => worker.requests.list({ page, status }));
  const [rejecting, setRejecting] = useState<WorkRequest | null>(null);
  const data = list.result?.data;

  const decided = (result: MutationResult<unknown>) => {
    showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
    void list.reload();
  };
  const accept = async (request: WorkRequest) => {
    try {
      decided(await callWorker((worker) => worker.requests.accept(request.id)));
    } catch (err) {
      showToast({ severity: 'error', detail: messageForScreen(err, SCREEN_MESSAGES.requests.accept) });
      void list.reload();
    }
  };

  let body;
  if (!data && list.error) body = <WarningNotice text={messageForScreen(list.error, SCREEN_MESSAGES.requests.loadList)} />;
  else if (!data) body = <p role="status">Loading the requests...</p>;
  else if (data.results.length === 0) body = <p className="empty-text">{NOT_FOUND_MESSAGES.requests.list}</p>;
  else {
    body = (
      <ul className="request-list" aria-label="Requests">
        {data.results.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} onAccept={() => void accept(request)} onReject={() => setRejecting(request)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <div className="page-header">
        <h1>Requests</h1>
        <LinkButton href="/home" label="Home" icon="pi pi-home" outlined />
      </div>
      <p className="field-hint">Problems reported at a label by people without an account. Accept one to open a work order at its place.</p>
      <div className="field list-filter">
        <label htmlFor="requests-shown">Show</label>
        <Dropdown
          inputId="requests-shown"
          pt={dropdownPt('Show')}
          value={shown}
          options={SHOWN}
          // Its trigger button is named by the placeholder.
          placeholder="Show"
          onChange={(e) => {
            setShown(e.value as RequestStatus | 'all');
            setPage(1);
          }}
        />
      </div>
      {list.result?.fromCache ? <SavedDataNotice text="Showing the saved requests. We'll refresh once the connection returns." cachedAt={list.result.cachedAt} /> : null}
      {body}
      {data && data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} onDone={decided} />
    </section>
  );
}

function RequestCard({ request, onAccept, onReject }: { request: WorkRequest; onAccept: () => void; onReject: () => void }) {
  const titleId = `request-${request.id}-title`;
  // A decision queued offline: shown as waiting, and not offered again.
  const pending = usePendingActions('requests', request.id);
  const contact = [request.name, request.email, request.phone].filter(Boolean).join(' · ');
  return (
    <article className="wo-card request-card" aria-labelledby={titleId}>
      <div className="wo-card-head">
        <span id={titleId} className="wo-card-location">
          Request #{request.id}: {request.asset ? `${request.asset.name}, ` : ''}
          {request.location.name}
        </span>
        <span className="wo-card-badges">
          {pending.length > 0 ? <PendingSyncTag /> : null}
          <span className={`wo-status request-status-${request.status}`}>{STATUS_LABELS[request.status]}</span>
        </span>
      </div>
      <p className="wo-card-description">{request.description}</p>
      {request.photo ? (
        <a href={request.photo} target="_blank" rel="noreferrer" aria-label={`Photo of request #${request.id}`}>
          <RecordThumbnail url={request.photo} large />
        </a>
      ) : null}
      <div className="wo-meta">
        <span>Sent {formatDateTime(request.created_at)}</span>
        {contact ? <span>From {contact}</span> : null}
        {request.work_order_id !== null ? <span>Work order #{request.work_order_id}</span> : null}
        {request.status === 'rejected' && request.reason ? <span>Reason: {request.reason}</span> : null}
      </div>
      {request.status === 'new' && pending.length === 0 ? (
        <div className="button-row">
          <Button type="button" label="Accept" icon="pi pi-check" severity="success" size="small" onClick={onAccept} aria-describedby={titleId} />
          <Button type="button" label="Turn down" icon="pi pi-times" outlined size="small" onClick={onReject} aria-describedby={titleId} />
        </div>
      ) : null}
    </article>
  );
}

function RejectDialog({ request, onClose, onDone }: { request: WorkRequest | null; onClose: () => void; onDone: (result: MutationResult<unknown>) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!request) return;
    if (!reason.trim()) {
      setError(REQUEST_MESSAGES.reasonNeeded);
      return;
    }
    setBusy(true);
    try {
      const result = await callWorker((worker) => worker.requests.reject(request.id, reason));
      close();
      onDone(result);
    } catch (err) {
      setError(fieldError(err, 'reason') ?? messageForScreen(err, SCREEN_MESSAGES.requests.reject));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      header={request ? `Turn down request #${request.id}` : 'Turn down'}
      visible={request !== null}
      busy={busy}
      submitLabel="Turn Down"
      busyLabel="Sending..."
      onClose={close}
      onSubmit={async (e) => {
        e.preventDefault();
        await submit();
      }}
    >
      <Field id="reject-reason" label="Why (its sender reads this)" error={error}>
        <InputTextarea id="reject-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} {...fieldAria('reject-reason', error)} />
      </Field>
    </FormDialog>
  );
}

/**
 * Requests from labels, for full-access users (docs/decisions.md: Requests at the label): new ones
 * first, each with its place, when, what, the photo and whoever left contact details; Accept opens a
 * work order at its place with its photo, after "Already open here" shows the work orders open at
 * that place (its asset's first), so a duplicate is turned down instead, naming the open order. Turn
 * down asks why (the sender reads it). Both are sent now or queued and sent once, like every write.
 * The list is the working set's offline, and live: a request sent or decided anywhere shows at once.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Paginator } from 'primereact/paginator';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { REQUEST_MESSAGES, type RequestStatus, type WorkRequest } from '../../../shared/api/requests';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { MutationResult } from '../../../shared/data/protocol';
import { msg, tc } from '../../../shared/i18n/translate';
import type { WorkOrder } from '../../../shared/api/workorders';
import { Field, dropdownPt, fieldAria } from '../../components/Field';
import { LinkButton } from '../../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { FormDialog } from '../../kit/FormDialog';
import { RecordThumbnail } from '../../kit/RecordThumbnail';
import { PendingSyncTag, usePendingActions } from '../../kit/StatusActions';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

/** The filter's choices, in the active language ("requests shown" context: Spanish says them in the plural). */
const shownOptions = (): { label: string; value: RequestStatus | 'all' }[] => [
  { label: tc('requests shown', 'New'), value: 'new' },
  { label: tc('requests shown', 'Accepted'), value: 'accepted' },
  { label: tc('requests shown', 'Done'), value: 'completed' },
  { label: tc('requests shown', 'Turned down'), value: 'rejected' },
  { label: tc('requests shown', 'All'), value: 'all' },
];

/** A request's status on its card, in the active language ("request status" context: one request). */
function statusLabel(status: RequestStatus): string {
  switch (status) {
    case 'new':
      return tc('request status', 'New');
    case 'accepted':
      return tc('request status', 'Accepted');
    case 'completed':
      return tc('request status', 'Done');
    case 'rejected':
      return tc('request status', 'Turned down');
  }
}

/** Marked English; the two with an order's number are said with `t` and the number. */
export const REQUEST_TEXTS = {
  openHere: msg('Already open here'),
  noneOpen: msg('No work order is open here.'),
  sameAs: msg('Turn down: same as #{id}'),
  duplicateReason: msg('Already reported: work order #{id} is open for this.'),
} as const;

/** A request being turned down, with the reason to start from (a duplicate's) and the order it duplicates. */
interface Rejecting {
  request: WorkRequest;
  reason: string;
  duplicateOf: number | null;
}

export function RequestsPage() {
  const t = useT();
  const [shown, setShown] = useState<RequestStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const status = shown === 'all' ? null : shown;
  const list = useWorkerRead(`requests|${shown}|${page}`, (worker) => worker.requests.list({ page, status }));
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [accepting, setAccepting] = useState<WorkRequest | null>(null);
  const data = list.result?.data;
  // Live: a request sent, or decided on another device, shows at once.
  useSynced('requests', 'any', () => void list.reload());

  const decided = (result: MutationResult<unknown>) => {
    showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: t(result.message) });
    void list.reload();
  };
  const accept = async (request: WorkRequest) => {
    try {
      decided(await callWorker((worker) => worker.requests.accept(request.id)));
    } catch (err) {
      showToast({ severity: 'error', detail: t(messageForScreen(err, SCREEN_MESSAGES.requests.accept)) });
      void list.reload();
    }
  };

  let body;
  if (!data && list.error) body = <WarningNotice text={t(messageForScreen(list.error, SCREEN_MESSAGES.requests.loadList))} />;
  else if (!data) body = <p role="status">{t('Loading the requests...')}</p>;
  else if (data.results.length === 0) body = <p className="empty-text">{t(NOT_FOUND_MESSAGES.requests.list)}</p>;
  else {
    body = (
      <ul className="request-list" aria-label={t('Requests')}>
        {data.results.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} onAccept={() => setAccepting(request)} onReject={() => setRejecting({ request, reason: '', duplicateOf: null })} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <div className="page-header">
        <h1>{t('Requests')}</h1>
        <LinkButton href="/home" label={t('Home')} icon="pi pi-home" outlined />
      </div>
      <p className="field-hint">{t('Problems reported at a label by people without an account. Accept one to open a work order at its place.')}</p>
      <div className="field list-filter">
        <label htmlFor="requests-shown">{t('Show')}</label>
        <Dropdown
          inputId="requests-shown"
          pt={dropdownPt(t('Show'))}
          value={shown}
          options={shownOptions()}
          // Its trigger button is named by the placeholder.
          placeholder={t('Show')}
          onChange={(e) => {
            setShown(e.value as RequestStatus | 'all');
            setPage(1);
          }}
        />
      </div>
      {list.result?.fromCache ? <SavedDataNotice text={t("Showing the saved requests. We'll refresh once the connection returns.")} cachedAt={list.result.cachedAt} /> : null}
      {body}
      {data && data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
      <AcceptDialog
        request={accepting}
        onClose={() => setAccepting(null)}
        onAccept={async (request) => {
          setAccepting(null);
          await accept(request);
        }}
        onDuplicate={(request, order) => {
          setAccepting(null);
          setRejecting({ request, reason: t(REQUEST_TEXTS.duplicateReason, { id: order.id }), duplicateOf: order.id });
        }}
      />
      <RejectDialog rejecting={rejecting} onClose={() => setRejecting(null)} onDone={decided} />
    </section>
  );
}

function RequestCard({ request, onAccept, onReject }: { request: WorkRequest; onAccept: () => void; onReject: () => void }) {
  const t = useT();
  const titleId = `request-${request.id}-title`;
  // A decision queued offline: shown as waiting, and not offered again.
  const pending = usePendingActions('requests', request.id);
  const contact = [request.name, request.email, request.phone].filter(Boolean).join(' · ');
  return (
    <article className="wo-card request-card" aria-labelledby={titleId}>
      <div className="wo-card-head">
        <span id={titleId} className="wo-card-location">
          {request.asset
            ? t('Request #{id}: {asset}, {location}', { id: request.id, asset: request.asset.name, location: request.location.name })
            : t('Request #{id}: {location}', { id: request.id, location: request.location.name })}
        </span>
        <span className="wo-card-badges">
          {pending.length > 0 ? <PendingSyncTag /> : null}
          <span className={`wo-status request-status-${request.status}`}>{statusLabel(request.status)}</span>
        </span>
      </div>
      <p className="wo-card-description">{request.description}</p>
      {request.photo ? (
        <a href={request.photo} target="_blank" rel="noreferrer" aria-label={t('Photo of request #{id}', { id: request.id })}>
          <RecordThumbnail url={request.photo} large />
        </a>
      ) : null}
      <div className="wo-meta">
        <span>{t('Sent {time}', { time: formatDateTime(request.created_at) })}</span>
        {contact ? <span>{t('From {contact}', { contact })}</span> : null}
        {request.work_order_id !== null ? <Link href={`/workorder-detail/${request.work_order_id}`}>{t('Work order #{id}', { id: request.work_order_id })}</Link> : null}
        {request.status === 'rejected' && request.reason ? <span>{t('Reason: {reason}', { reason: request.reason })}</span> : null}
      </div>
      {request.status === 'new' && pending.length === 0 ? (
        <div className="button-row">
          <Button type="button" label={t('Accept')} icon="pi pi-check" severity="success" size="small" onClick={onAccept} aria-describedby={titleId} />
          <Button type="button" label={t('Turn down')} icon="pi pi-times" outlined size="small" onClick={onReject} aria-describedby={titleId} />
        </div>
      ) : null}
    </article>
  );
}

/**
 * Accept, after "Already open here": the work orders open at the request's place, each a link, with
 * a way to turn the request down as the same problem instead.
 */
function AcceptDialog({
  request,
  onClose,
  onAccept,
  onDuplicate,
}: {
  request: WorkRequest | null;
  onClose: () => void;
  onAccept: (request: WorkRequest) => Promise<void>;
  onDuplicate: (request: WorkRequest, order: WorkOrder) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState<WorkOrder[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setOpen(null);
    if (!request) return;
    let current = true;
    callWorker((worker) => worker.requests.openHere({ location: request.location, asset: request.asset })).then(
      (orders) => current && setOpen(orders),
      // Nothing to compare against: the choice is still the supervisor's.
      () => current && setOpen([]),
    );
    return () => {
      current = false;
    };
  }, [request]);
  const place = request ? (request.asset ? t('{asset}, {location}', { asset: request.asset.name, location: request.location.name }) : request.location.name) : '';
  return (
    <FormDialog
      header={request ? t('Accept request #{id}', { id: request.id }) : t('Accept')}
      visible={request !== null}
      busy={busy}
      submitLabel={t('Accept')}
      busyLabel={t('Sending...')}
      width="34rem"
      onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!request) return;
        setBusy(true);
        try {
          await onAccept(request);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="field-hint">{t("A work order opens at {place} with the request's description and photo.", { place })}</p>
      <h2 className="dialog-subheading">{t(REQUEST_TEXTS.openHere)}</h2>
      {open === null ? (
        <p role="status">{t('Loading the open work orders...')}</p>
      ) : open.length === 0 ? (
        <p className="empty-text">{t(REQUEST_TEXTS.noneOpen)}</p>
      ) : (
        <ul className="open-here">
          {open.map((order) => (
            <li key={order.id}>
              <span>
                <Link href={`/workorder-detail/${order.id}`}>{t('Work order #{id}', { id: order.id })}</Link>{' '}
                {order.asset
                  ? t('({status}, {asset}): {description}', { status: tc('status', order.status), asset: order.asset.name, description: order.description })
                  : t('({status}): {description}', { status: tc('status', order.status), description: order.description })}
              </span>
              {request ? <Button type="button" label={t(REQUEST_TEXTS.sameAs, { id: order.id })} icon="pi pi-times" text size="small" onClick={() => onDuplicate(request, order)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}

function RejectDialog({ rejecting, onClose, onDone }: { rejecting: Rejecting | null; onClose: () => void; onDone: (result: MutationResult<unknown>) => void }) {
  const t = useT();
  const request = rejecting?.request ?? null;
  const [reason, setReason] = useState('');
  // A duplicate's reason is written for the supervisor; they may change it.
  useEffect(() => setReason(rejecting?.reason ?? ''), [rejecting]);
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
      setError(t(REQUEST_MESSAGES.reasonNeeded));
      return;
    }
    setBusy(true);
    try {
      const result = await callWorker((worker) => worker.requests.reject(request.id, reason, rejecting?.duplicateOf ?? null));
      close();
      onDone(result);
    } catch (err) {
      setError(fieldError(err, 'reason') ?? t(messageForScreen(err, SCREEN_MESSAGES.requests.reject)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      header={request ? t('Turn down request #{id}', { id: request.id }) : t('Turn down')}
      visible={request !== null}
      busy={busy}
      submitLabel={t('Turn Down')}
      busyLabel={t('Sending...')}
      onClose={close}
      onSubmit={async (e) => {
        e.preventDefault();
        await submit();
      }}
    >
      <Field id="reject-reason" label={t('Why (its sender reads this)')} error={error}>
        <InputTextarea id="reject-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} {...fieldAria('reject-reason', error)} />
      </Field>
    </FormDialog>
  );
}

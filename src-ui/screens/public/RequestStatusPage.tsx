/**
 * /request-status/{token}: a report's sender follows it here, without an account (docs/decisions.md:
 * Requests at the label): received, accepted, turned down with the reason, or done.
 */
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import type { RequestStatus, RequestStatusView } from '../../../shared/api/requests';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { toDataError } from '../../state/errors';

/** Marked English: said with t() where shown. */
export const STATUS_TEXTS: Record<RequestStatus, string> = {
  new: msg('Received: the maintenance team will review it.'),
  accepted: msg('Accepted: the maintenance team is on it.'),
  rejected: msg('Not taken up.'),
  completed: msg('Done: the work is completed.'),
};

export function RequestStatusPage({ params }: { params: { token?: string } }) {
  const t = useT();
  const token = params.token ?? '';
  const [view, setView] = useState<RequestStatusView | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    callWorker((worker) => worker.requests.status(token)).then(
      (status) => current && setView(status),
      (err: unknown) => current && setRefusal(toDataError(err).status === 404 ? NOT_FOUND_MESSAGES.requests.one : messageForScreen(err, SCREEN_MESSAGES.requests.loadStatus)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <section className="narrow">
      <div className="page-header">
        <h1>{t('Your report')}</h1>
      </div>
      {refusal ? (
        <div className="notice">
          <Message severity="warn" text={t(refusal)} />
        </div>
      ) : view ? (
        <div className="panel">
          <p className="request-status" role="status">
            {t(STATUS_TEXTS[view.status])}
          </p>
          {view.status === 'rejected' && view.reason ? <p>{t('Reason: {reason}', { reason: view.reason })}</p> : null}
          <p className="field-hint">{t('Sent {date}.', { date: formatDateTime(view.created_at) })}</p>
        </div>
      ) : (
        <p className="empty-text" role="status">
          {t('Loading your report...')}
        </p>
      )}
    </section>
  );
}

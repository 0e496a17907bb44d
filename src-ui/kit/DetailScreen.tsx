/**
 * The detail pattern (behaviour §2, 4): one record read through the worker; Back to the list it was
 * opened from (with its query); the not-found text; a full-page error with Retry while nothing is
 * shown; the saved-data notice with "Last updated" and a warning banner above shown data; and a
 * reload once the record's queued writes reached the server.
 */
import type { ReactNode } from 'react';
import type { AreaName } from '../../shared/areas/registry';
import { normalizeHttpError } from '../../shared/data/errors';
import { messageForScreen } from '../../shared/data/messages';
import type { ReadResult } from '../../shared/data/protocol';
import { LinkButton } from '../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../components/Notices';
import { PageError } from '../components/PageError';
import { useT } from '../i18n/language';
import type { WorkerRemote } from '../state/bridge';
import { useSynced, useWorkerRead, type ReadState } from '../state/hooks';
import { showToast } from '../state/toasts';
import { positiveInt } from './list-query';

/** English (the catalogue's ids), said here in the active language. */
export interface DetailTexts {
  /** The heading while the record is not shown yet, e.g. "Task". */
  title: string;
  loading: string;
  notFound: string;
  /** Behaviour §8 screen fallback when the read fails without a text of its own. */
  failure: string;
  /** Behaviour §8 offline banner over saved data. */
  saved: string;
  /** Said when the reload after a sync fails. */
  refreshFailure: string;
}

/** The record `param` names (a positive id), read through the worker and reloaded after its writes sync. */
export function useDetailRead<T>(area: AreaName, param: string | undefined, read: (worker: WorkerRemote, id: number) => Promise<ReadResult<T>>, texts: Pick<DetailTexts, 'refreshFailure'>) {
  const t = useT();
  const id = positiveInt(param);
  // An id that is not a positive whole number names no record: answered like the server's 404.
  const detail = useWorkerRead<T>(`${area}|${param ?? ''}`, (worker) => (id === null ? Promise.reject(normalizeHttpError(404, null)) : read(worker, id)));
  useSynced(area, id === null ? null : String(id), () => {
    void detail.reload().then((error) => {
      if (error?.shouldNotify) showToast({ severity: 'error', detail: t(texts.refreshFailure) });
    });
  });
  return { id, detail };
}


export function DetailScreen<T>({
  detail,
  texts,
  back,
  heading,
  actions,
  children,
}: {
  detail: ReadState<T>;
  texts: DetailTexts;
  back: string;
  /** The heading once the record is shown, e.g. "Task #12". */
  heading: (record: T) => string;
  /** Buttons beside Back once the record is shown (e.g. Edit). */
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const t = useT();
  const record = detail.result?.data;
  const backButton = <LinkButton href={back} label={t('Back')} icon="pi pi-arrow-left" outlined />;

  if (record === undefined) {
    let content;
    if (detail.error?.type === 'not_found') content = <p className="empty-text">{t(texts.notFound)}</p>;
    else if (detail.error) content = <PageError message={messageForScreen(detail.error, t(texts.failure))} onRetry={() => void detail.reload()} />;
    else
      content = (
        <p className="empty-text" role="status">
          {t(texts.loading)}
        </p>
      );
    return (
      <section>
        <div className="page-header">
          <h1>{t(texts.title)}</h1>
          {backButton}
        </div>
        {content}
      </section>
    );
  }

  return (
    <section>
      <div className="page-header">
        <h1>{heading(record)}</h1>
        <div className="button-row">
          {actions?.(record)}
          {backButton}
        </div>
      </div>
      {detail.result?.fromCache ? <SavedDataNotice text={t(texts.saved)} cachedAt={detail.result.cachedAt} /> : null}
      {detail.error ? <WarningNotice text={messageForScreen(detail.error, t(texts.failure))} /> : null}
      {children(record)}
    </section>
  );
}

/**
 * The update pattern for records with a version (tasks, assets): the form is filled once from the
 * record, only the fields the user changed are sent, based on the version the form was filled
 * from. When someone saved the record meanwhile the server refuses the edit (stale version): the
 * form says who and when, takes their values into the fields the user did not touch, keeps the
 * user's own, and a second save applies them to the record as it is now.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { STALE_VERSION_CODE } from '../../shared/api/refusal-codes';
import { normalizeHttpError } from '../../shared/data/errors';
import { messageForScreen } from '../../shared/data/messages';
import { msg } from '../../shared/i18n/translate';
import type { ReadResult } from '../../shared/data/protocol';
import { PageError } from '../components/PageError';
import { WarningNotice } from '../components/Notices';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { toDataError } from '../state/errors';
import { useWorkerRead, type ReadState } from '../state/hooks';
import { showRefusal } from './form';
import { positiveInt } from './list-query';

interface Versioned {
  id: number;
  version: number;
}

export interface VersionedEdit<T> {
  id: number | null;
  read: ReadState<T>;
  /** The record as it was when the form was filled: its version is what the edit is based on. */
  base: T | null;
  /** The server's text when the record changed since the form was filled, else null. */
  changedMeanwhile: string | null;
  /** A refused edit: a stale version rebases the form; anything else is shown as a refusal. */
  refused(err: unknown, texts: { failure: string; fetchFailure: string }, aliases?: Record<string, string>): Promise<void>;
}

export function useVersionedEdit<V extends FieldValues, T extends Versioned>(
  key: string,
  rawId: string | undefined,
  get: (worker: WorkerRemote, id: number) => Promise<ReadResult<T>>,
  form: UseFormReturn<V>,
  valuesOf: (record: T) => DefaultValues<V>,
): VersionedEdit<T> {
  const id = positiveInt(rawId);
  // An id that is not a positive whole number names no record: answered like the server's 404.
  const read = useWorkerRead(`${key}-edit|${rawId ?? ''}`, (worker) => (id === null ? Promise.reject(normalizeHttpError(404, null)) : get(worker, id)));
  const [base, setBase] = useState<T | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<string | null>(null);

  // Filled once; later reads of the record never overwrite what the user is typing.
  const loaded = read.result?.data;
  useEffect(() => {
    if (loaded && !base) {
      setBase(loaded);
      form.reset(valuesOf(loaded));
    }
  }, [loaded, base, form, valuesOf]);

  async function refused(err: unknown, texts: { failure: string; fetchFailure: string }, aliases: Record<string, string> = {}): Promise<void> {
    const error = toDataError(err);
    if (error.code !== STALE_VERSION_CODE || !base) return showRefusal(form, err, texts.failure, aliases as Record<string, Path<V>>);
    setChangedMeanwhile(error.serverMessage ?? error.message);
    try {
      const fresh = await callWorker((worker) => get(worker, base.id));
      setBase(fresh.data);
      form.reset(valuesOf(fresh.data), { keepDirtyValues: true });
    } catch (reloadErr) {
      showRefusal(form, reloadErr, texts.fetchFailure);
    }
  }

  return { id, read, base, changedMeanwhile, refused };
}

/** The fields of `body` the user changed (react-hook-form's dirty fields), as the server names them. */
export function changedFields<V extends FieldValues, B extends object>(form: UseFormReturn<V>, body: B): Partial<B> {
  const dirty = form.formState.dirtyFields as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([field]) => Boolean(dirty[field]))) as Partial<B>;
}

/** Said above the fields once the record changed since the form was filled. */
export function ChangedMeanwhileNotice({ text }: { text: string | null }) {
  const t = useT();
  return text ? <WarningNotice text={t('{message} Your changes are kept; save again to apply them to the record as it is now.', { message: text })} /> : null;
}

/**
 * What an update screen shows until its record is read: the not-found text, a full-page error
 * with Retry, or a loading line; the form itself once loaded. The texts are English (the catalogue's
 * ids), said here.
 */
export function RecordLoadGate<T>({
  read,
  ready,
  texts,
  children,
}: {
  read: ReadState<T>;
  ready: boolean;
  texts: { notFound: string; failure: string; loading?: string };
  children: ReactNode;
}) {
  const t = useT();
  if (ready) return <>{children}</>;
  const error = read.error;
  if (error?.type === 'not_found') return <p className="empty-text">{t(texts.notFound)}</p>;
  if (error) return <PageError message={messageForScreen(error, t(texts.failure))} onRetry={() => void read.reload()} />;
  return (
    <p className="empty-text" role="status">
      {t(texts.loading ?? msg('Loading...'))}
    </p>
  );
}

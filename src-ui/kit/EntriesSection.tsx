/**
 * A section of a record's detail that lists its entries (docs/decisions.md: What the work costs): an
 * order's labour and parts, a part's stock ledger. A heading (with "Pending sync" while writes of the
 * section wait in the queue), its buttons, the entries read through the worker (or what stands for
 * them: loading, the failure, the empty text), and a line under them (a total). One piece, so every
 * such section reads, fails and waits the same way.
 */
import type { ReactNode } from 'react';
import { messageForScreen } from '../../shared/data/messages';
import { WarningNotice } from '../components/Notices';
import { useT } from '../i18n/language';
import type { DataError } from '../state/errors';
import { PendingSyncTag } from './StatusActions';

/** English (the catalogue's ids), said here in the active language. */
export interface EntriesTexts {
  title: string;
  loading: string;
  empty: string;
  /** Said when the entries cannot be read and none are saved. */
  failure: string;
}

export function EntriesSection<T extends { id: number }>(props: {
  /** Names the heading (`{id}-title`) and, as a class, the section. */
  id: string;
  className: string;
  texts: EntriesTexts;
  /** The entries read, undefined until they are. */
  entries: readonly T[] | undefined;
  /** The read's failure, shown when no entries are saved. */
  error: DataError | null;
  pending?: boolean;
  actions?: ReactNode;
  entry: (entry: T) => ReactNode;
  /** A class of each entry's row beside `entry-row`. */
  entryClass?: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const { id, className, texts, entries: list, error, pending, actions, entry, entryClass, footer, children } = props;
  let body;
  if (!list && error) body = <WarningNotice text={messageForScreen(error, t(texts.failure))} />;
  else if (!list) body = <p role="status">{t(texts.loading)}</p>;
  else if (list.length === 0) body = <p className="empty-text">{t(texts.empty)}</p>;
  else {
    body = (
      <ul className="entry-list">
        {list.map((item) => (
          <li key={item.id} className={entryClass ? `entry-row ${entryClass}` : 'entry-row'}>
            {entry(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className={`entries-section ${className}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {t(texts.title)} {pending ? <PendingSyncTag /> : null}
      </h2>
      {children}
      {actions ? <div className="button-row">{actions}</div> : null}
      {body}
      {footer ? <div className="entries-total">{footer}</div> : null}
    </section>
  );
}

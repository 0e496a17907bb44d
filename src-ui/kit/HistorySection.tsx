/**
 * "History" below a record's detail (docs/decisions.md: History on every record; not in the spec):
 * what was done to the record, who and when, newest first, ten at a time with the lists' Paginator.
 * Read through the data worker, so offline it shows the page saved when it was last read, with the
 * saved-data notice. It reads again when the record's queued writes reach the server or a pull brings
 * a change of it, and when the screen shows a newer copy of the record (`record`, e.g. a claim's answer).
 */
import { Paginator } from 'primereact/paginator';
import { useEffect, useId, useRef, useState } from 'react';
import type { HistoryArea, ActivityEntry } from '../../shared/api/activity';
import { PAGE_SIZE } from '../../shared/constants';
import { messageForScreen } from '../../shared/data/messages';
import { SavedDataNotice, WarningNotice } from '../components/Notices';
import { useT } from '../i18n/language';
import { useSynced, useWorkerRead } from '../state/hooks';
import { byline, detailLines, headline, HISTORY_TEXTS } from './history-text';

/** The area whose `synced` events tell of the record (a user account is the admin area's). */
const SYNCED_AREA: Record<HistoryArea, string> = {
  workorders: 'workorders',
  maintenance: 'maintenance',
  assets: 'assets',
  locations: 'locations',
  vendors: 'vendors',
  parts: 'parts',
  chemicals: 'chemicals',
  users: 'admin',
};

function HistoryItem({ entry }: { entry: ActivityEntry }) {
  useT(); // the entry's words (history-text.ts) are said again in a new language
  const lines = detailLines(entry);
  return (
    <li className="record-history-entry">
      <div className="record-history-head">
        <strong>{headline(entry)}</strong>
        <span className="record-history-by">{byline(entry)}</span>
      </div>
      {lines.length ? (
        <ul className="record-history-lines">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function HistorySection({
  area,
  id,
  record,
  title = HISTORY_TEXTS.title,
  level = 2,
}: {
  area: HistoryArea;
  id: number;
  /** The record as the screen shows it: a new copy (a write's answer, a reload) means new entries. */
  record?: unknown;
  /** The heading, where the screen has another section named History. */
  title?: string;
  /** The heading's level: 3 inside a card whose own title is a level 2 heading. */
  level?: 2 | 3;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const history = useWorkerRead(`history|${area}|${id}|${page}`, (worker) => worker.history.page(area, id, page));
  const { reload } = history;
  useSynced(SYNCED_AREA[area], String(id), () => void reload());
  const shown = useRef(record);
  useEffect(() => {
    if (shown.current === record) return;
    shown.current = record;
    void reload();
  }, [record, reload]);

  const data = history.result?.data;
  let body;
  if (!data && history.error) body = <WarningNotice text={messageForScreen(history.error, t(HISTORY_TEXTS.failure))} />;
  else if (!data)
    body = (
      <p className="empty-text" role="status">
        {t(HISTORY_TEXTS.loading)}
      </p>
    );
  else if (data.results.length === 0) body = <p className="empty-text">{t(HISTORY_TEXTS.empty)}</p>;
  else
    body = (
      <>
        <ol className="record-history-list" aria-labelledby={headingId}>
          {data.results.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </ol>
        {data.count > PAGE_SIZE ? (
          <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} />
        ) : null}
      </>
    );

  return (
    <section className="record-history" aria-labelledby={headingId}>
      {level === 2 ? <h2 id={headingId}>{t(title)}</h2> : <h3 id={headingId}>{t(title)}</h3>}
      {history.result?.fromCache ? <SavedDataNotice text={t(HISTORY_TEXTS.saved)} cachedAt={history.result.cachedAt} /> : null}
      {data && history.error ? <WarningNotice text={messageForScreen(history.error, t(HISTORY_TEXTS.failure))} /> : null}
      {body}
    </section>
  );
}

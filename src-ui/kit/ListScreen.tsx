/**
 * The list screen pattern (behaviour §2): the query in the URL (?location, ?page, search), the location
 * filter remembered on the device, search sent after a pause, pages of 10, the saved-data notice
 * with "Last updated", and loading / full-page error with Retry / warning banner above data / empty
 * text. A list reloads when queued writes of its area reach the server.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Page } from '../../shared/api/common';
import type { Location } from '../../shared/api/locations';
import type { SiteSettings } from '../../shared/api/settings';
import { isCsvExportArea } from '../../shared/api/exports';
import type { AreaName } from '../../shared/areas/registry';
import { PAGE_SIZE } from '../../shared/constants';
import { messageForScreen } from '../../shared/data/messages';
import { msg } from '../../shared/i18n/translate';
import { offeredLocations } from '../../shared/rules/site-locations';
import type { ReadResult } from '../../shared/data/protocol';
import { dropdownPt } from '../components/Field';
import { LinkButton } from '../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../components/Notices';
import { PageError } from '../components/PageError';
import { useT } from '../i18n/language';
import type { WorkerRemote } from '../state/bridge';
import { useSynced, useWorkerRead } from '../state/hooks';
import { CsvExportButton } from './CsvExportButton';
import { isListAddress, listUrl, parseListQuery, rememberLocation, rememberOrigin, rememberedLocation, type ListQuery, type ListQueryDef } from './list-query';

export const SEARCH_DEBOUNCE_MS = 400;

/** What a list without a location filter reads for its (absent) filter. */
const NO_LOCATIONS: ReadResult<Location[]> = { data: [], fromCache: false, cachedAt: null };

/** English (the catalogue's ids, `msg('…')` in the screen's constant), said here in the active language. */
export interface ListTexts {
  title: string;
  /** The location filter's "everything" choice, e.g. "All Tasks" (lists with a location filter). */
  allLocations?: string;
  /** The search box's placeholder (lists with search). */
  searchPlaceholder?: string;
  /** Accessible name of the list of cards. */
  itemsLabel: string;
  loading: string;
  empty: string;
  /** Behaviour §8 screen fallback when the read fails without a text of its own. */
  failure: string;
  /** The fallback while one location is chosen, when the spec has its own (assets). */
  locationFailure?: string;
  /** Behaviour §8 offline banner over saved data. */
  saved: string;
}

export interface ListDef<T> extends ListQueryDef {
  /** The area whose queued writes, once synced, make the list reload. */
  area: AreaName;
  read(worker: WorkerRemote, query: ListQuery): Promise<ReadResult<Page<T>>>;
  texts: ListTexts;
  /** Page changes wait this long for the next one (behaviour §9: the location list's 300 ms). */
  pageDebounceMs?: number;
  /** The locations the filter offers, from the site's settings (behaviour §9: parts and chemicals); all when absent. */
  allowedLocations?: (settings: SiteSettings) => readonly number[];
}

/** The query, kept in the URL; a visit without one opens the location remembered on this device. */
export function useListQuery(def: ListQueryDef): { query: ListQuery; own: boolean; go: (next: Partial<ListQuery>) => void } {
  const search = useSearch();
  const [path, navigate] = useLocation();
  // The router draws a screen only for its own address (app/shown-address.tsx); checked here again
  // because what follows writes to the device and moves the browser, which no other address may cause.
  const own = isListAddress(def, path);
  const query = parseListQuery(def, search);
  const queryRef = useRef(query);
  queryRef.current = query;

  const [restoreTo] = useState(() => (own && !search ? rememberedLocation(def) : null));
  const restoring = useRef(restoreTo !== null);
  useEffect(() => {
    if (restoreTo !== null) navigate(listUrl(def, { ...queryRef.current, location: restoreTo }), { replace: true });
  }, [restoreTo]); // once, on arrival

  // The location the list shows is the one remembered (chosen here or opened by a link with it).
  useEffect(() => {
    if (!own) return;
    if (restoring.current) {
      if (query.location !== restoreTo) return;
      restoring.current = false;
    }
    rememberLocation(def, query.location);
  }, [own, query.location]); // def is a constant of the screen

  const go = (next: Partial<ListQuery>) => navigate(listUrl(def, { ...queryRef.current, ...next }), { replace: true });
  return { query, own, go };
}

/** `run`, called at most once per `ms` of quiet (at once when `ms` is 0); the last call wins. */
function useDebounced<A>(run: (arg: A) => void, ms: number): (arg: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (arg: A) => {
    if (timer.current) clearTimeout(timer.current);
    if (ms <= 0) return latest.current(arg);
    timer.current = setTimeout(() => latest.current(arg), ms);
  };
}

/** The search box's text: follows the URL, and is sent after a pause in typing. */
function useDebouncedSearch(query: ListQuery, go: (next: Partial<ListQuery>) => void): [string, (text: string) => void] {
  const [text, setText] = useState(query.search);
  const current = useRef(query.search);
  current.current = query.search;
  useEffect(() => setText(query.search), [query.search]);
  useEffect(() => {
    if (text === current.current) return;
    const timer = setTimeout(() => go({ search: text.trim() ? text : '', page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // `go` reads the latest query through its ref
  return [text, setText];
}

/** What a card may do to the list it is in. */
export interface ListItemTools<T> {
  /** Shows the server's answer to a write in place of the item, without reading the page again. */
  show(item: T): void;
  /** Reads the page again (a refusal that says the shown item is out of date). */
  reload(): void;
}

export function ListScreen<T extends { id: number }>({
  def,
  back,
  actions,
  above,
  renderItem,
}: {
  def: ListDef<T>;
  back: string;
  /** Buttons beside Back (e.g. Create), which may depend on the query (a report for the chosen location). */
  actions?: ReactNode | ((query: ListQuery) => ReactNode);
  /**
   * Shown above the page: what the user created offline and that waits to be sent, as it will be
   * (work orders), or what needs attention across the pages (parts short).
   */
  above?: (query: ListQuery) => ReactNode;
  /** One card (the query says, e.g., which location's quantity to show); `list` shows a write's answer in it. */
  renderItem: (item: T, query: ListQuery, list: ListItemTools<T>) => ReactNode;
}) {
  const t = useT();
  const { texts } = def;
  const { query, own, go } = useListQuery(def);
  const [text, setText] = useDebouncedSearch(query, go);
  const locations = useWorkerRead('locations', (worker) => (def.locationKey ? worker.locations.all() : Promise.resolve(NO_LOCATIONS)));
  const settings = useWorkerRead('settings', (worker) => worker.settings.get());
  const list = useWorkerRead(`${def.area}|${query.location ?? ''}|${query.page}|${query.search}`, (worker) => def.read(worker, query));

  const failure = t((query.location !== null && texts.locationFailure) || texts.failure);

  // Queued writes of the area reached the server: the list shows their effect.
  useSynced(def.area, 'any', () => void list.reload());

  // A page past the end (the list shrank) starts again at page 1.
  const pastTheEnd = list.error?.type === 'not_found' && query.page > 1;
  useEffect(() => {
    if (pastTheEnd && own) go({ page: 1 });
  }, [pastTheEnd, own]); // `go` reads the latest query through its ref

  const allLocations = t(texts.allLocations ?? msg('All'));
  const locationOptions = useMemo(() => {
    const allowed = def.allowedLocations ? (settings.result ? def.allowedLocations(settings.result.data) : undefined) : null;
    const offered = offeredLocations(locations.result?.data ?? [], allowed);
    return [{ label: allLocations, value: null as number | null }, ...offered.map((l) => ({ label: l.name, value: l.id as number | null }))];
  }, [locations.result, settings.result, allLocations]); // def is a constant of the screen
  const page = list.result?.data;
  const here = listUrl(def, query);
  // The list as last shown in this tab is where its details and forms go Back to.
  useEffect(() => {
    if (own) rememberOrigin(def, here);
  }, [own, here]); // def is a constant of the screen
  const id = (name: string) => `${def.area}-filter-${name}`;
  // One object for the screen's life, reading the latest page: the cards below are drawn again only
  // when the page, the query or the screen's card change (not when, say, the connection comes back).
  const latest = useRef({ page, list });
  latest.current = { page, list };
  const tools = useMemo<ListItemTools<T>>(
    () => ({
      show: (item) => {
        const { page, list } = latest.current;
        if (page) list.show({ ...page, results: page.results.map((r) => (r.id === item.id ? item : r)) });
      },
      reload: () => void latest.current.list.reload(),
    }),
    [],
  );
  const itemsLabel = t(texts.itemsLabel);
  const cards = useMemo(
    () =>
      page && page.results.length > 0 ? (
        <ul className="card-list" aria-label={itemsLabel}>
          {page.results.map((item) => (
            <li key={item.id}>{renderItem(item as T, query, tools)}</li>
          ))}
        </ul>
      ) : null,
    [page, here, renderItem, itemsLabel], // `query` is what `here` spells; tools stay the same
  );
  const turnPage = useDebounced((page: number) => go({ page }), def.pageDebounceMs ?? 0);

  let body;
  if (!page && list.error) {
    body = <PageError message={messageForScreen(list.error, failure)} onRetry={() => void list.reload()} />;
  } else if (!page) {
    body = (
      <p className="empty-text" role="status">
        {t(texts.loading)}
      </p>
    );
  } else if (page.results.length === 0) {
    body = <p className="empty-text">{t(texts.empty)}</p>;
  } else {
    body = (
      <>
        {cards}
        {page.count > PAGE_SIZE ? (
          <Paginator first={(query.page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={page.count} pageLinkSize={3} onPageChange={(e) => turnPage(e.page + 1)} />
        ) : null}
      </>
    );
  }

  return (
    <section>
      <div className="page-header">
        <h1>{t(texts.title)}</h1>
        <div className="button-row">
          {typeof actions === 'function' ? actions(query) : actions}
          {/* The lists of CSV_EXPORTS offer their rows as a file, with the filters shown. */}
          {isCsvExportArea(def.area) ? <CsvExportButton area={def.area} query={query} /> : null}
          <LinkButton href={back} label={t('Back')} icon="pi pi-arrow-left" outlined />
        </div>
      </div>
      {def.locationKey || def.searchParam ? (
        <div className="filters">
          {def.locationKey ? (
            <div className="field">
              <label htmlFor={id('location')}>{t('Location')}</label>
              <Dropdown
                inputId={id('location')}
                pt={dropdownPt(t('Location'))}
                value={query.location}
                options={locationOptions}
                // The "All" option's value is null, for which PrimeReact hands back the whole option.
                onChange={(e) => go({ location: typeof e.value === 'number' ? e.value : null, page: 1 })}
                placeholder={allLocations}
                filter={locationOptions.length > 12}
              />
            </div>
          ) : null}
          {def.searchParam ? (
            <div className="field">
              <label htmlFor={id('search')}>{t('Search')}</label>
              <InputText id={id('search')} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={texts.searchPlaceholder === undefined ? undefined : t(texts.searchPlaceholder)} />
            </div>
          ) : null}
        </div>
      ) : null}
      {list.result?.fromCache ? <SavedDataNotice text={t(texts.saved)} cachedAt={list.result.cachedAt} /> : null}
      {page && list.error ? <WarningNotice text={messageForScreen(list.error, failure)} /> : null}
      {above?.(query)}
      {body}
    </section>
  );
}

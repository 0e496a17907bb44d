/**
 * Active work orders (spec 2): location filter and text search (?location, ?page, ?q, remembered),
 * cards, pages of 10, saved-data banner, full-page error or warning banner on failure.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { WorkOrder } from '../../../shared/api/workorders';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { dropdownPt } from '../../components/Field';
import { LinkButton } from '../../components/LinkButton';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { PageError } from '../../components/PageError';
import { formatDateTime, fullName } from '../../format/display';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { WORKORDER_DOMAIN } from './workorder-rules';
import { WorkOrderStatus } from './WorkOrderStatus';
import { LIST_PATH, listUrl, parseListQuery, rememberListQuery, rememberOrigin, rememberedListQuery, type WorkOrderListQuery } from './list-query';

const SEARCH_DEBOUNCE_MS = 400;

function WorkOrderCard({ order, onOpen }: { order: WorkOrder; onOpen: () => void }) {
  const owner = order.status === 'Claimed' ? fullName(order.assigned_to[0]) : '';
  const attachments = order.attachments.length;
  return (
    <Link href={`/workorder-detail/${order.id}`} className="wo-card" onClick={onOpen}>
      <div className="wo-card-head">
        <span className="wo-card-location">{order.location_name}</span>
        <WorkOrderStatus status={order.status} />
      </div>
      <div className="wo-meta">
        <span>Created {formatDateTime(order.created_at)}</span>
      </div>
      <p className="wo-card-description">{order.description}</p>
      <div className="wo-meta">
        {owner ? <span>Owner: {owner}</span> : null}
        <span>
          <i className="pi pi-paperclip" aria-hidden="true" /> {attachments} {attachments === 1 ? 'attachment' : 'attachments'}
        </span>
      </div>
    </Link>
  );
}

export function WorkOrderListPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parseListQuery(search);
  const queryRef = useRef(query);
  queryRef.current = query;
  const go = (next: Partial<WorkOrderListQuery>) => navigate(listUrl({ ...queryRef.current, ...next }), { replace: true });

  // A visit without a query reopens the last one used on this device; after that the URL is kept.
  const [restoreTo] = useState(() => (search ? '' : rememberedListQuery()));
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current && restoreTo) navigate(`${LIST_PATH}?${restoreTo}`, { replace: true });
    restored.current = true;
  }, [restoreTo, navigate]);
  useEffect(() => {
    if (restored.current) rememberListQuery(parseListQuery(search));
  }, [search]);

  // The search box follows the URL, and sends what is typed after a pause.
  const [text, setText] = useState(query.q);
  useEffect(() => setText(parseListQuery(search).q), [search]);
  useEffect(() => {
    if (text === queryRef.current.q) return;
    const timer = setTimeout(() => go({ q: text.trim() ? text : '', page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // `go` reads the latest query through its ref

  const locations = useWorkerRead('locations', (api) => api.locations.all());
  const list = useWorkerRead(`workorders|${query.location ?? ''}|${query.page}|${query.q}`, (api) =>
    api.workorders.list({ page: query.page, location: query.location, search: query.q || null }),
  );

  // Queued writes of work orders reached the server: the list shows their effect.
  useSynced(WORKORDER_DOMAIN, 'any', () => void list.reload());

  // A remembered page past the end (the list shrank) starts again at page 1.
  const pastTheEnd = list.error?.type === 'not_found' && query.page > 1;
  useEffect(() => {
    if (pastTheEnd) go({ page: 1 });
  }, [pastTheEnd]); // `go` reads the latest query through its ref

  const locationOptions = [{ label: 'All Work Orders', value: null as number | null }, ...(locations.result?.data ?? []).map((l) => ({ label: l.name, value: l.id as number | null }))];
  const page = list.result?.data;
  const here = listUrl(query);

  let body;
  if (!page && list.error) {
    body = <PageError message={messageForScreen(list.error, SCREEN_MESSAGES.workorders.fetchAll)} onRetry={() => void list.reload()} />;
  } else if (!page) {
    body = (
      <p className="empty-text" role="status">
        Loading work orders...
      </p>
    );
  } else if (page.results.length === 0) {
    body = <p className="empty-text">{NOT_FOUND_MESSAGES.workorders}</p>;
  } else {
    body = (
      <>
        <ul className="card-list" aria-label="Work orders">
          {page.results.map((order) => (
            <li key={order.id}>
              <WorkOrderCard order={order as WorkOrder} onOpen={() => rememberOrigin(here)} />
            </li>
          ))}
        </ul>
        {page.count > PAGE_SIZE ? (
          <Paginator first={(query.page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={page.count} pageLinkSize={3} onPageChange={(e) => go({ page: e.page + 1 })} />
        ) : null}
      </>
    );
  }

  return (
    <section>
      <div className="page-header">
        <h1>Active Work Orders</h1>
        <LinkButton href="/workorder-home" label="Back" icon="pi pi-arrow-left" outlined />
      </div>
      <div className="filters">
        <div className="field">
          <label htmlFor="wo-filter-location">Location</label>
          <Dropdown
            inputId="wo-filter-location"
            pt={dropdownPt('Location')}
            value={query.location}
            options={locationOptions}
            onChange={(e) => go({ location: (e.value as number | null) ?? null, page: 1 })}
            placeholder="All Work Orders"
            filter={locationOptions.length > 12}
          />
        </div>
        <div className="field">
          <label htmlFor="wo-filter-search">Search</label>
          <InputText id="wo-filter-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search work orders" />
        </div>
      </div>
      {list.result?.fromCache ? <SavedDataNotice text={OFFLINE_BANNERS.workorderList} cachedAt={list.result.cachedAt} /> : null}
      {page && list.error ? <WarningNotice text={messageForScreen(list.error, SCREEN_MESSAGES.workorders.fetchAll)} /> : null}
      {body}
    </section>
  );
}

/**
 * Active work orders (behaviour §2): location filter and text search (?location, ?page, ?q), cards, pages
 * of 10, on the list pattern of the kit.
 */
import { Link } from 'wouter';
import type { WorkOrder } from '../../../shared/api/workorders';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { formatDateTime, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { workOrderAsQueued } from '../../kit/as-queued';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import type { ListQuery } from '../../kit/list-query';
import { LinkButton } from '../../components/LinkButton';
import { reportProblemPath } from './report-problem';
import { PendingSyncTag, usePendingActions } from '../../kit/StatusActions';
import { useCurrentUser } from '../../state/hooks';
import { WORKORDER_LIST } from './list-query';
import { QueuedOrders } from './QueuedOrders';
import { WorkOrderStatus } from './WorkOrderStatus';

const LIST: ListDef<WorkOrder> = {
  ...WORKORDER_LIST,
  area: 'workorders',
  read: (worker, query) => worker.workorders.list({ page: query.page, location: query.location, search: query.search || null }),
  texts: {
    title: msg('Active Work Orders'),
    allLocations: msg('All Work Orders'),
    searchPlaceholder: msg('Search work orders'),
    itemsLabel: msg('Work orders'),
    loading: msg('Loading work orders...'),
    empty: NOT_FOUND_MESSAGES.workorders.list,
    failure: SCREEN_MESSAGES.workorders.fetchAll,
    saved: OFFLINE_BANNERS.workorderList,
  },
};

function WorkOrderCard({ order: saved }: { order: WorkOrder }) {
  const t = useT();
  const pending = usePendingActions('workorders', saved.id);
  const me = useCurrentUser();
  // What the user queued shows as it will be, until the server's answer replaces it.
  const order = pending.length > 0 && me ? workOrderAsQueued(saved, pending, me, new Date().toISOString()) : saved;
  const owner = order.status === 'Claimed' ? fullName(order.assigned_to[0]) : '';
  const attachments = order.attachments.length;
  return (
    <Link href={`/workorder-detail/${order.id}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{order.location_name}</span>
        <span className="wo-card-badges">
          {pending.length > 0 ? <PendingSyncTag /> : null}
          <WorkOrderStatus status={order.status} />
        </span>
      </div>
      <div className="wo-meta">
        <span>{t('Created {date}', { date: formatDateTime(order.created_at) })}</span>
      </div>
      <p className="wo-card-description">{order.description}</p>
      <div className="wo-meta">
        {owner ? <span>{t('Owner: {name}', { name: owner })}</span> : null}
        <span>
          <i className="pi pi-paperclip" aria-hidden="true" /> {t('{count, plural, one {{count} attachment} other {{count} attachments}}', { count: attachments })}
        </span>
      </div>
    </Link>
  );
}

/** Not in the spec: with one location chosen (where a scanned location label leads), a problem there is reported in one step. */
const reportHere = (query: ListQuery) => (query.location !== null ? <LinkButton href={reportProblemPath(query.location)} label={msg('Report a problem')} icon="pi pi-exclamation-triangle" /> : null);

export function WorkOrderListPage() {
  return <ListScreen def={LIST} back="/workorder-home" actions={reportHere} above={(query) => <QueuedOrders query={query} />} renderItem={(order) => <WorkOrderCard order={order} />} />;
}

/**
 * Work orders the user created offline and that wait to be sent, shown on page 1 of the list as
 * they will be (docs/decisions.md: Working set in Dexie): Pending, marked "Pending sync", with the
 * list's location filter and search applied as the server will (description or location name, any
 * case). Not links: there is no record to open until the server has made it; once it has, the list
 * reads its page again and shows the real order in their place.
 */
import { useSnapshot } from 'valtio';
import type { QueueItemView } from '../../../shared/data/protocol';
import { isActiveStatus } from '../../../shared/data/queue-policy';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { useLocationOptions } from '../../kit/location-options';
import type { ListQuery } from '../../kit/list-query';
import { PendingSyncTag } from '../../kit/StatusActions';
import { store } from '../../state/store';
import { WorkOrderStatus } from './WorkOrderStatus';

export function QueuedOrders({ query }: { query: ListQuery }) {
  const t = useT();
  const snap = useSnapshot(store);
  const { options } = useLocationOptions();
  if (query.page !== 1) return null;
  const locationName = (id: unknown) => options.find((o) => o.value === id)?.label ?? '';
  const search = query.search.trim().toLowerCase();
  const waiting = (snap.queue.items as QueueItemView[]).filter((item) => {
    const draft = item.draft;
    if (item.domain !== 'workorders' || item.action !== 'create' || !isActiveStatus(item.status) || !draft) return false;
    if (query.location !== null && draft.location_id !== query.location) return false;
    return !search || [String(draft.description ?? ''), locationName(draft.location_id)].some((text) => text.toLowerCase().includes(search));
  });
  if (waiting.length === 0) return null;
  return (
    <ul className="card-list queued-cards" aria-label={t('Work orders waiting to be sent')}>
      {[...waiting].reverse().map((item) => (
        <li key={item.id}>
          <div className="wo-card">
            <div className="wo-card-head">
              <span className="wo-card-location">{locationName(item.draft?.location_id)}</span>
              <span className="wo-card-badges">
                <PendingSyncTag />
                <WorkOrderStatus status="Pending" />
              </span>
            </div>
            <div className="wo-meta">
              <span>{t('Created {date}', { date: formatDateTime(item.createdAt) })}</span>
            </div>
            <p className="wo-card-description">{String(item.draft?.description ?? '')}</p>
            <div className="wo-meta">
              <span>
                <i className="pi pi-paperclip" aria-hidden="true" /> {t('{count, plural, one {{count} attachment} other {{count} attachments}}', { count: item.attachmentCount })}
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

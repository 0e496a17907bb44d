/** How a queued action reads in the Offline Activity panel and the Pending sync box (behaviour §4 Queued item status). */
import { areaItemLabel } from '../../shared/areas/registry';
import type { QueueItemView } from '../../shared/data/protocol';
import { formatDuration } from './display';

/** The status text of one queued item; `now` drives the "Retrying in" countdown. */
export function queueStatusText(item: Pick<QueueItemView, 'status' | 'lastError' | 'retryAt'>, now: number): string {
  switch (item.status) {
    case 'queued':
      return 'Awaiting sync.';
    case 'pending':
      return 'Attempt in progress.';
    case 'retrying':
      return `Retrying in ${formatDuration(item.retryAt ? Date.parse(item.retryAt) - now : 0)}.`;
    case 'failed':
      return item.lastError || 'Failed';
    case 'synced':
      return 'Synced.';
    case 'conflict':
      return item.lastError || 'Changed by someone else since you edited it.';
  }
}

export function queueItemTitle(item: Pick<QueueItemView, 'domain' | 'action'>): string {
  const label = areaItemLabel(item.domain);
  return `${label} · ${item.action.charAt(0).toUpperCase()}${item.action.slice(1)}`;
}

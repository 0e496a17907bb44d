/** How a queued action reads in the Offline Activity panel and the Pending sync box (behaviour §4 Queued item status). */
import { areaItemLabel } from '../../shared/areas/registry';
import type { QueueItemStatus, QueueItemView } from '../../shared/data/protocol';
import { t, tc } from '../../shared/i18n/translate';
import { formatDuration } from './display';

/** The status text of one queued item; `now` drives the "Retrying in" countdown. */
export function queueStatusText(item: Pick<QueueItemView, 'status' | 'lastError' | 'retryAt'>, now: number): string {
  switch (item.status) {
    case 'queued':
      return t('Awaiting sync.');
    case 'pending':
      return t('Attempt in progress.');
    case 'retrying':
      return t('Retrying in {wait}.', { wait: formatDuration(item.retryAt ? Date.parse(item.retryAt) - now : 0) });
    case 'failed':
      // The worker's or the server's text: a catalogue that has it says it in the active language.
      return item.lastError ? t(item.lastError) : t('Failed');
    case 'synced':
      return t('Synced.');
    case 'conflict':
      return item.lastError ? t(item.lastError) : t('Changed by someone else since you edited it.');
  }
}

/** A queued item's status as its badge reads ("queued", "retrying"). */
export function queueStatusWord(status: QueueItemStatus): string {
  switch (status) {
    case 'queued':
      return tc('queue status', 'queued');
    case 'pending':
      return tc('queue status', 'pending');
    case 'retrying':
      return tc('queue status', 'retrying');
    case 'failed':
      return tc('queue status', 'failed');
    case 'synced':
      return tc('queue status', 'synced');
    case 'conflict':
      return tc('queue status', 'conflict');
  }
}

/** The words of the queued actions (the areas' `action` codes, capitalised); an unknown one shows as its code. */
const ACTION_WORDS: Record<string, () => string> = {
  accept: () => tc('queue action', 'Accept'),
  add: () => tc('queue action', 'Add'),
  changeUser: () => tc('queue action', 'ChangeUser'),
  claim: () => tc('queue action', 'Claim'),
  complete: () => tc('queue action', 'Complete'),
  costs: () => tc('queue action', 'Costs'),
  create: () => tc('queue action', 'Create'),
  fill: () => tc('queue action', 'Fill'),
  inventory: () => tc('queue action', 'Inventory'),
  issue: () => tc('queue action', 'Issue'),
  mailUser: () => tc('queue action', 'MailUser'),
  markMessage: () => tc('queue action', 'MarkMessage'),
  move: () => tc('queue action', 'Move'),
  reading: () => tc('queue action', 'Reading'),
  record: () => tc('queue action', 'Record'),
  reject: () => tc('queue action', 'Reject'),
  remove: () => tc('queue action', 'Remove'),
  report: () => tc('queue action', 'Report'),
  return: () => tc('queue action', 'Return'),
  start: () => tc('queue action', 'Start'),
  stop: () => tc('queue action', 'Stop'),
  unclaim: () => tc('queue action', 'Unclaim'),
  update: () => tc('queue action', 'Update'),
};

export function queueItemTitle(item: Pick<QueueItemView, 'domain' | 'action'>): string {
  const label = t(areaItemLabel(item.domain));
  const word = Object.hasOwn(ACTION_WORDS, item.action) ? ACTION_WORDS[item.action]!() : `${item.action.charAt(0).toUpperCase()}${item.action.slice(1)}`;
  return `${label} · ${word}`;
}

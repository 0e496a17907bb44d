/** What GET and PUT notifications/settings/ answer. */
import { NO_NOTIFICATIONS, type NotificationSettings } from '../../../shared/api/notifications.js';
import { locationIdsOf, type NotificationSettingsRow } from './notification-settings.repository.js';

/** Columns kept for the server's own use: the owner is the caller, the version is the links' secret state. */
export const NOTIFICATION_SETTINGS_NOT_EXPOSED = ['user_id', 'unsubscribe_version', 'updated_at'] as const;

export function presentNotificationSettings(row: NotificationSettingsRow | undefined): NotificationSettings {
  if (!row) return { ...NO_NOTIFICATIONS, locations: [] };
  return {
    order_created: row.order_created === 1,
    order_claimed: row.order_claimed === 1,
    order_completed: row.order_completed === 1,
    task_due: row.task_due === 1,
    request_created: row.request_created === 1,
    part_short: row.part_short === 1,
    digest: row.digest === 1,
    locations: locationIdsOf(row),
  };
}

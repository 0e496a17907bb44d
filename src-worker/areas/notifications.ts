/**
 * The user's notification settings (docs/decisions.md: Notifications by mail): read through the
 * cached read (the saved copy offline), saved with a connection only (writeNow), the answer kept
 * as the fresh copy.
 */
import type { NotificationSettings } from '../../shared/api/notifications.js';
import { ERROR_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeNow } from '../outbox/write-now.js';

const PATH = 'notifications/settings/';

const save = defineWrite<NotificationSettings>({
  area: 'notifications',
  action: 'update',
  request: (item) => ({ method: 'PUT', path: PATH, json: item.payload }),
  invalidates: () => ({ keys: [PATH] }),
  saves: () => ({ key: PATH, id: 'me' }),
  messages: { success: SUCCESS_MESSAGES.notifications.saved, queued: ERROR_MESSAGES.needsConnection, failure: SCREEN_MESSAGES.notifications.save },
});

export const area = defineArea({
  name: 'notifications',
  calls: (ctx) => ({
    get: () => readThroughCache(ctx.cache, PATH, () => ctx.http.request<NotificationSettings>({ path: PATH })),
    save: (input) =>
      writeNow(ctx, save, {
        targetId: null,
        payload: {
          order_created: input.order_created,
          order_claimed: input.order_claimed,
          order_completed: input.order_completed,
          task_due: input.task_due,
          ...(input.request_created === undefined ? {} : { request_created: input.request_created }),
          ...(input.part_short === undefined ? {} : { part_short: input.part_short }),
          digest: input.digest,
          locations: [...input.locations],
        },
      }),
  }),
});

/**
 * Car washes (behaviour §7): the wash packages of a location, wash counts (offline actions: a technician
 * in a car-wash bay without signal is the normal case; each count is sent once) and the car wash
 * report (needs a connection).
 */
import type { WashPackage, WashRecord, WashRecordRequest } from '../../shared/api/washes.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';
import { reportAt } from '../kit/reports.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';

const RECORDS = 'washes/washrecords/';

export const recordWash = defineWrite<WashRecord>({
  area: 'washes',
  action: 'record',
  request: (item) => ({ method: 'POST', path: RECORDS, json: item.payload }),
  // Wash records are not kept on the device; the chemicals' saved pages show no counts.
  invalidates: () => ({ prefixes: [`${RECORDS}?`] }),
  messages: { success: SUCCESS_MESSAGES.washes.countRecorded, queued: QUEUED_MESSAGES.washes.count, failure: SCREEN_MESSAGES.washes.recordCount },
});

const report = reportAt('washes', 'washes/car-wash-report/');

export const area = defineArea({
  name: 'washes',
  writes: [recordWash],
  calls: (ctx) => ({
    packages: (location) => {
      const path = `washes/packages/?location=${location}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<WashPackage[]>({ path }));
    },
    record: (location, input) =>
      writeOrQueue(ctx, recordWash, {
        targetId: String(location.id),
        targetLabel: location.label,
        payload: { wash_package: input.washPackage, count: input.count, location: location.id, date: input.date } satisfies WashRecordRequest,
      }),
    ...report(ctx),
  }),
});

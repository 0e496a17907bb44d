/** Vendors (behaviour §7): pages and details, and create/update sent now. */
import type { Vendor, VendorBody } from '../../shared/api/vendors.js';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { VENDOR_LIST } from '../../shared/rules/list-rules.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';
import { sentWrites } from '../kit/sent-writes.js';

export const vendors = recordsAt<Vendor>('vendors/', { synced: { area: 'vendors', rule: VENDOR_LIST } });

const writes = sentWrites<Vendor, VendorBody>('vendors', vendors, {
  create: { success: SUCCESS_MESSAGES.vendors.created, failure: SCREEN_MESSAGES.vendors.create },
  update: { success: SUCCESS_MESSAGES.vendors.updated, failure: SCREEN_MESSAGES.vendors.update },
});

export const area = defineArea({
  name: 'vendors',
  calls: (ctx) => ({
    list: (params) => vendors.list(ctx, params.page),
    get: (id) => vendors.get(ctx, id),
    create: (body) => writes.create(ctx, body),
    update: (id, body) => writes.update(ctx, id, body),
  }),
});

/**
 * Every model's record (models/model-record.ts), built once per app over its repositories. The
 * sync, the history and the exports go through this list; each area's routes read its own record.
 */
import type { SyncedArea } from '../../shared/api/sync.js';
import type { Repositories } from '../db/repositories.js';
import { assetModel } from '../modules/assets/assets.model.js';
import { chemicalModel } from '../modules/chemicals/chemicals.model.js';
import { locationModel } from '../modules/locations/locations.model.js';
import { taskModel } from '../modules/maintenance/maintenance.model.js';
import { meterModel } from '../modules/meters/meters.model.js';
import { partModel } from '../modules/parts/parts.model.js';
import { requestModel } from '../modules/requests/requests.model.js';
import { vendorModel } from '../modules/vendors/vendors.model.js';
import { workOrderModel } from '../modules/workorders/workorders.model.js';

export function buildModels(repositories: Repositories) {
  return {
    locations: locationModel(repositories),
    workorders: workOrderModel(repositories),
    maintenance: taskModel(repositories),
    assets: assetModel(repositories),
    vendors: vendorModel(repositories),
    parts: partModel(repositories),
    chemicals: chemicalModel(repositories),
    meters: meterModel(repositories),
    requests: requestModel(repositories),
  } satisfies Record<SyncedArea, { area: SyncedArea }>;
}

export type Models = ReturnType<typeof buildModels>;

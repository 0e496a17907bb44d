/**
 * Every repository, built once over one database: the app builds them over its request-scoped
 * database (so each runs in the request's transaction while one is open: db/request-transaction.ts)
 * and hands them to every module in its deps; the command line and the demo data build them over
 * theirs. A module never builds its own (docs/decisions.md: Server code layout); a repository bound
 * to an explicit transaction is the one exception, built where that transaction is.
 */
import type { Kysely } from 'kysely';
import type { SiteCapabilities } from '../config.js';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';
import { UploadOwnersRepository } from '../http/upload-owners.repository.js';
import { ActivityRepository } from '../modules/activity/activity.repository.js';
import { UsersAdminRepository } from '../modules/admin/users-admin.repository.js';
import { AssetHistoryRepository } from '../modules/assets/asset-history.repository.js';
import { AssetsRepository } from '../modules/assets/assets.repository.js';
import { LoginFailuresRepository } from '../modules/auth/login-failures.repository.js';
import { RefreshTokensRepository } from '../modules/auth/refresh-tokens.repository.js';
import { ChemicalsRepository } from '../modules/chemicals/chemicals.repository.js';
import { CodesRepository } from '../modules/codes/codes.repository.js';
import { ContactRepository } from '../modules/contact/contact.repository.js';
import { KpisRepository } from '../modules/kpis/kpis.repository.js';
import { CostsRepository } from '../modules/costs/costs.repository.js';
import { LabourRepository } from '../modules/labour/labour.repository.js';
import { LocationsRepository } from '../modules/locations/locations.repository.js';
import { MaintenanceRepository } from '../modules/maintenance/maintenance.repository.js';
import { MetersRepository } from '../modules/meters/meters.repository.js';
import { DevicesRepository } from '../modules/monitoring/monitoring.repository.js';
import { NotificationSettingsRepository } from '../modules/notifications/notification-settings.repository.js';
import { RequestMailStopsRepository } from '../modules/notifications/request-events.js';
import { PartMovesRepository } from '../modules/part-moves/part-moves.repository.js';
import { PartsRepository } from '../modules/parts/parts.repository.js';
import { StockRepository } from '../modules/stock/stock.repository.js';
import { ChangeLogRepository } from '../modules/sync/change-log.repository.js';
import { RequestsRepository } from '../modules/requests/requests.repository.js';
import { SyncRepository } from '../modules/sync/sync.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { VendorsRepository } from '../modules/vendors/vendors.repository.js';
import { WashesRepository } from '../modules/washes/washes.repository.js';
import { WorkOrdersRepository } from '../modules/workorders/workorders.repository.js';

export function buildRepositories(db: Kysely<Database>, dialect: DialectName, site: SiteCapabilities) {
  return {
    activity: new ActivityRepository(db),
    assetHistory: new AssetHistoryRepository(db),
    assets: new AssetsRepository(db),
    changeLog: new ChangeLogRepository(db),
    chemicals: new ChemicalsRepository(db),
    codes: new CodesRepository(db),
    contact: new ContactRepository(db),
    costs: new CostsRepository(db),
    devices: new DevicesRepository(db),
    kpis: new KpisRepository(db, dialect),
    labour: new LabourRepository(db),
    locations: new LocationsRepository(db),
    loginFailures: new LoginFailuresRepository(db),
    maintenance: new MaintenanceRepository(db),
    meters: new MetersRepository(db),
    notificationSettings: new NotificationSettingsRepository(db),
    parts: new PartsRepository(db),
    partMoves: new PartMovesRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    requests: new RequestsRepository(db),
    requestMailStops: new RequestMailStopsRepository(db),
    stock: new StockRepository(db),
    uploadOwners: new UploadOwnersRepository(db),
    users: new UsersRepository(db),
    usersAdmin: new UsersAdminRepository(db, dialect),
    vendors: new VendorsRepository(db),
    washes: new WashesRepository(db),
    workingSet: new SyncRepository(db, site),
    workOrders: new WorkOrdersRepository(db),
  };
}

export type Repositories = ReturnType<typeof buildRepositories>;

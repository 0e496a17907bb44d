/** Every API area, registered under /api/v1 in this order. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { activityRoutes } from './activity/activity.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { assetHistoryRoutes } from './assets/asset-history.routes.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { chemicalsRoutes } from './chemicals/chemicals.routes.js';
import { codesRoutes } from './codes/codes.routes.js';
import { contactRoutes } from './contact/contact.routes.js';
import { costsRoutes } from './costs/costs.routes.js';
import { kpisRoutes } from './kpis/kpis.routes.js';
import { labelsRoutes } from './labels/labels.routes.js';
import { labourRoutes } from './labour/labour.routes.js';
import { partMovesRoutes } from './part-moves/part-moves.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { maintenanceRoutes } from './maintenance/maintenance.routes.js';
import { metersRoutes } from './meters/meters.routes.js';
import { monitoringRoutes } from './monitoring/monitoring.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { partsRoutes } from './parts/parts.routes.js';
import { requestsRoutes } from './requests/requests.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { syncRoutes } from './sync/sync.routes.js';
import { vendorsRoutes } from './vendors/vendors.routes.js';
import { washesRoutes } from './washes/washes.routes.js';
import { workordersRoutes } from './workorders/workorders.routes.js';

export type RouteModule = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

export const routeModules: RouteModule[] = [
  locationsRoutes,
  vendorsRoutes,
  assetsRoutes,
  workordersRoutes,
  labourRoutes,
  partMovesRoutes,
  costsRoutes,
  maintenanceRoutes,
  chemicalsRoutes,
  washesRoutes,
  partsRoutes,
  contactRoutes,
  monitoringRoutes,
  settingsRoutes,
  adminRoutes,
  syncRoutes,
  kpisRoutes,
  codesRoutes,
  labelsRoutes,
  assetHistoryRoutes,
  metersRoutes,
  activityRoutes,
  notificationsRoutes,
  requestsRoutes,
];

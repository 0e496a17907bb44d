/** The task list's query (?location, ?page, ?search) and its remembered location (behaviour §3: `maintenanceSelectedLocation`). */
import type { ListQueryDef } from '../../kit/list-query';

export const MAINTENANCE_LIST: ListQueryDef = { path: '/maintenance-list', searchParam: 'search', locationKey: 'maintenanceSelectedLocation' };

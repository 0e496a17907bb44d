/** Preventive maintenance (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/maintenance-list', component: screen(() => import('./MaintenanceListPage'), 'MaintenanceListPage'), access: 'full' },
  { path: '/maintenance-detail/:id', component: screen(() => import('./MaintenanceDetailPage'), 'MaintenanceDetailPage'), access: 'full' },
  { path: '/maintenance-create', component: screen(() => import('./TaskFormPage'), 'MaintenanceCreatePage'), access: 'full' },
  { path: '/maintenance-update/:id', component: screen(() => import('./TaskFormPage'), 'MaintenanceUpdatePage'), access: 'full' },
];

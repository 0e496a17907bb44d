/** Locations (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/location-list', component: screen(() => import('./LocationListPage'), 'LocationListPage'), access: 'full' },
  { path: '/location-detail/:id', component: screen(() => import('./LocationDetailPage'), 'LocationDetailPage'), access: 'full' },
  { path: '/location-create', component: screen(() => import('./LocationFormPage'), 'LocationCreatePage'), access: 'full' },
  { path: '/location-update/:id', component: screen(() => import('./LocationFormPage'), 'LocationUpdatePage'), access: 'full' },
];

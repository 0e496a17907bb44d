/** Parts (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/part-list', component: screen(() => import('./PartPages'), 'PartListPage'), access: 'full' },
  { path: '/part-detail/:id', component: screen(() => import('./PartPages'), 'PartDetailPage'), access: 'full' },
];

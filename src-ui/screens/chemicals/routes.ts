/** Chemicals and car-wash counts (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/chemical-list', component: screen(() => import('./ChemicalPages'), 'ChemicalListPage'), access: 'full' },
  { path: '/chemical-detail/:id', component: screen(() => import('./ChemicalPages'), 'ChemicalDetailPage'), access: 'full' },
];

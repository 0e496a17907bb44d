/** Assets (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/asset-list', component: screen(() => import('./AssetPages'), 'AssetListPage'), access: 'full' },
  { path: '/asset-detail/:id', component: screen(() => import('./AssetPages'), 'AssetDetailPage'), access: 'full' },
  { path: '/asset-create', component: screen(() => import('./AssetFormPages'), 'AssetCreatePage'), access: 'full' },
  { path: '/asset-update/:id', component: screen(() => import('./AssetFormPages'), 'AssetUpdatePage'), access: 'full' },
];

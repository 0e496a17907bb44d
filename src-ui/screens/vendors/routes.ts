/** Vendors (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/vendor-list', component: screen(() => import('./VendorPages'), 'VendorListPage'), access: 'full-access' },
  { path: '/vendor-detail/:id', component: screen(() => import('./VendorPages'), 'VendorDetailPage'), access: 'full-access' },
  { path: '/vendor-create', component: screen(() => import('./VendorPages'), 'VendorCreatePage'), access: 'full-access' },
  { path: '/vendor-update/:id', component: screen(() => import('./VendorPages'), 'VendorUpdatePage'), access: 'full-access' },
];

/** Vendors (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/vendor-list', component: screen(() => import('./VendorPages'), 'VendorListPage'), access: 'full' },
  { path: '/vendor-detail/:id', component: screen(() => import('./VendorPages'), 'VendorDetailPage'), access: 'full' },
  { path: '/vendor-create', component: screen(() => import('./VendorPages'), 'VendorCreatePage'), access: 'full' },
  { path: '/vendor-update/:id', component: screen(() => import('./VendorPages'), 'VendorUpdatePage'), access: 'full' },
];

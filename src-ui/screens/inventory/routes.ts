/** The inventory home (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [{ path: '/inventory-home', component: screen(() => import('./InventoryHomePage'), 'InventoryHomePage'), access: 'full' }];

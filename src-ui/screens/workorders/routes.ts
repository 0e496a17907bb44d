/** Work orders: open to every signed-in user, limited ones included (behaviour §1). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/workorder-home', component: screen(() => import('./WorkOrderHomePage'), 'WorkOrderHomePage'), access: 'signed-in' },
  { path: '/workorder-list', component: screen(() => import('./WorkOrderListPage'), 'WorkOrderListPage'), access: 'signed-in' },
  { path: '/workorder-create', component: screen(() => import('./WorkOrderCreatePage'), 'WorkOrderCreatePage'), access: 'signed-in' },
  { path: '/workorder-detail/:id', component: screen(() => import('./WorkOrderDetailPage'), 'WorkOrderDetailPage'), access: 'signed-in' },
];

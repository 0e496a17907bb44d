/** Work orders: open to every signed-in user, limited ones included (behaviour §1). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/workorder-home', component: screen(() => import('./WorkOrderHomePage'), 'WorkOrderHomePage'), access: 'user' },
  { path: '/workorder-list', component: screen(() => import('./WorkOrderListPage'), 'WorkOrderListPage'), access: 'user' },
  { path: '/workorder-create', component: screen(() => import('./WorkOrderCreatePage'), 'WorkOrderCreatePage'), access: 'user' },
  { path: '/workorder-detail/:id', component: screen(() => import('./WorkOrderDetailPage'), 'WorkOrderDetailPage'), access: 'user' },
];

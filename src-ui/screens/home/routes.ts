/** The full-access home (behaviour §2). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [{ path: '/home', component: screen(() => import('./HomePage'), 'HomePage'), access: 'full' }];

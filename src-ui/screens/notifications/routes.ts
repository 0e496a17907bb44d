/** Notifications by mail (docs/decisions.md: Notifications by mail; not in the spec, so this route adds to it). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [{ path: '/notifications', component: screen(() => import('./NotificationsPage'), 'NotificationsPage'), access: 'user' }];

/** Requests from labels (docs/decisions.md: Requests at the label; not in the spec, so this route adds to it). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [{ path: '/requests', component: screen(() => import('./RequestsPage'), 'RequestsPage'), access: 'full' }];

/**
 * Scanning labels (docs/decisions.md: Labels and scanning; not in the spec, so these routes add to
 * it). /scan/{code} is open to visitors only so that it can keep the code while it sends them to
 * sign in; it reads nothing for them.
 */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/scan', component: screen(() => import('./ScanPage'), 'ScanPage'), access: 'user' },
  { path: '/scan/:code', component: screen(() => import('./ScanCodePage'), 'ScanCodePage'), access: 'public' },
];

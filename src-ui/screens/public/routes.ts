/** The public pages (behaviour §2): the landing page is part of the shell, the others load on first use. */
import { screen, type RouteSpec } from '../../app/route-spec';
import { LandingPage } from './LandingPage';

export const routes: RouteSpec[] = [
  { path: '/', component: LandingPage, access: 'public' },
  { path: '/about', component: screen(() => import('./AboutPage'), 'AboutPage'), access: 'public' },
  { path: '/contact', component: screen(() => import('./ContactPage'), 'ContactPage'), access: 'public' },
  { path: '/request-status/:token', component: screen(() => import('./RequestStatusPage'), 'RequestStatusPage'), access: 'public' },
];

/** Sign-in, registration, activation and password reset (behaviour §2, 4). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/login', component: screen(() => import('./LoginPage'), 'LoginPage'), access: 'visitor' },
  { path: '/register', component: screen(() => import('./RegisterPage'), 'RegisterPage'), access: 'visitor' },
  { path: '/activate/:uid/:token', component: screen(() => import('./ActivatePage'), 'ActivatePage'), access: 'visitor' },
  { path: '/reset-password', component: screen(() => import('./ResetPasswordPage'), 'ResetPasswordPage'), access: 'visitor' },
  { path: '/password/reset/confirm/:uid/:token', component: screen(() => import('./ResetPasswordConfirmPage'), 'ResetPasswordConfirmPage'), access: 'visitor' },
];

/** Sign-in, registration, activation and password reset (behaviour §2, 4). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/login', component: screen(() => import('./LoginPage'), 'LoginPage'), access: 'public' },
  { path: '/register', component: screen(() => import('./RegisterPage'), 'RegisterPage'), access: 'public' },
  { path: '/activate/:uid/:token', component: screen(() => import('./ActivatePage'), 'ActivatePage'), access: 'public' },
  { path: '/reset-password', component: screen(() => import('./ResetPasswordPage'), 'ResetPasswordPage'), access: 'public' },
  { path: '/password/reset/confirm/:uid/:token', component: screen(() => import('./ResetPasswordConfirmPage'), 'ResetPasswordConfirmPage'), access: 'public' },
];

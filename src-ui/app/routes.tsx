/** The route table (spec 2). Screens of other areas add their routes here. */
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../components/Loading';
import { RequireUser } from '../components/RequireUser';
import { LandingPage } from '../screens/public/LandingPage';
import { NotFoundPage } from '../screens/public/NotFoundPage';

/**
 * Screens load on first use, so the first screen needs only the shell's script. Every chunk is in
 * the service worker's precache, so this works offline too.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType<{ params: Params }>>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AboutPage = screen(() => import('../screens/public/AboutPage'), 'AboutPage');
const ContactPage = screen(() => import('../screens/public/ContactPage'), 'ContactPage');
const LoginPage = screen(() => import('../screens/auth/LoginPage'), 'LoginPage');
const RegisterPage = screen(() => import('../screens/auth/RegisterPage'), 'RegisterPage');
const ActivatePage = screen(() => import('../screens/auth/ActivatePage'), 'ActivatePage');
const ResetPasswordPage = screen(() => import('../screens/auth/ResetPasswordPage'), 'ResetPasswordPage');
const ResetPasswordConfirmPage = screen(() => import('../screens/auth/ResetPasswordConfirmPage'), 'ResetPasswordConfirmPage');
const HomePage = screen(() => import('../screens/home/HomePage'), 'HomePage');
const WorkOrderHomePage = screen(() => import('../screens/workorders/WorkOrderHomePage'), 'WorkOrderHomePage');
const WorkOrderListPage = screen(() => import('../screens/workorders/WorkOrderListPage'), 'WorkOrderListPage');
const WorkOrderCreatePage = screen(() => import('../screens/workorders/WorkOrderCreatePage'), 'WorkOrderCreatePage');
const WorkOrderDetailPage = screen(() => import('../screens/workorders/WorkOrderDetailPage'), 'WorkOrderDetailPage');

type Params = Record<string, string | undefined>;

interface RouteSpec {
  path: string;
  component: ComponentType<{ params: Params }>;
  /** Needs a signed-in user (the guard sends others to /login). */
  guarded?: boolean;
}

export const ROUTES: RouteSpec[] = [
  { path: '/', component: LandingPage },
  { path: '/about', component: AboutPage },
  { path: '/contact', component: ContactPage },
  { path: '/login', component: LoginPage },
  { path: '/register', component: RegisterPage },
  { path: '/activate/:uid/:token', component: ActivatePage },
  { path: '/reset-password', component: ResetPasswordPage },
  { path: '/password/reset/confirm/:uid/:token', component: ResetPasswordConfirmPage },
  { path: '/home', component: HomePage, guarded: true },
  { path: '/workorder-home', component: WorkOrderHomePage, guarded: true },
  { path: '/workorder-list', component: WorkOrderListPage, guarded: true },
  { path: '/workorder-create', component: WorkOrderCreatePage, guarded: true },
  { path: '/workorder-detail/:id', component: WorkOrderDetailPage, guarded: true },
];

function guard(guarded: boolean | undefined, page: ReactNode): ReactNode {
  return guarded ? <RequireUser>{page}</RequireUser> : page;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {ROUTES.map(({ path, component: Page, guarded }) => (
          <Route key={path} path={path}>
            {(params: Params) => guard(guarded, <Page params={params} />)}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** The route table (spec 2): each route declares who may open it (app/navigation.ts). */
import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../components/Loading';
import { RequireAccess } from '../components/RequireAccess';
import { LandingPage } from '../screens/public/LandingPage';
import { NotFoundPage } from '../screens/public/NotFoundPage';
import type { Access } from './navigation';

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
const MaintenanceListPage = screen(() => import('../screens/maintenance/MaintenanceListPage'), 'MaintenanceListPage');
const MaintenanceDetailPage = screen(() => import('../screens/maintenance/MaintenanceDetailPage'), 'MaintenanceDetailPage');
const MaintenanceCreatePage = screen(() => import('../screens/maintenance/TaskFormPage'), 'MaintenanceCreatePage');
const MaintenanceUpdatePage = screen(() => import('../screens/maintenance/TaskFormPage'), 'MaintenanceUpdatePage');
const LocationListPage = screen(() => import('../screens/locations/LocationListPage'), 'LocationListPage');
const LocationDetailPage = screen(() => import('../screens/locations/LocationDetailPage'), 'LocationDetailPage');
const LocationCreatePage = screen(() => import('../screens/locations/LocationFormPage'), 'LocationCreatePage');
const LocationUpdatePage = screen(() => import('../screens/locations/LocationFormPage'), 'LocationUpdatePage');
const InventoryHomePage = screen(() => import('../screens/inventory/InventoryHomePage'), 'InventoryHomePage');
const AssetListPage = screen(() => import('../screens/assets/AssetPages'), 'AssetListPage');
const AssetDetailPage = screen(() => import('../screens/assets/AssetPages'), 'AssetDetailPage');
const AssetCreatePage = screen(() => import('../screens/assets/AssetFormPages'), 'AssetCreatePage');
const AssetUpdatePage = screen(() => import('../screens/assets/AssetFormPages'), 'AssetUpdatePage');
const PartListPage = screen(() => import('../screens/parts/PartPages'), 'PartListPage');
const PartDetailPage = screen(() => import('../screens/parts/PartPages'), 'PartDetailPage');
const ChemicalListPage = screen(() => import('../screens/chemicals/ChemicalPages'), 'ChemicalListPage');
const ChemicalDetailPage = screen(() => import('../screens/chemicals/ChemicalPages'), 'ChemicalDetailPage');
const VendorListPage = screen(() => import('../screens/vendors/VendorPages'), 'VendorListPage');
const VendorDetailPage = screen(() => import('../screens/vendors/VendorPages'), 'VendorDetailPage');
const VendorCreatePage = screen(() => import('../screens/vendors/VendorPages'), 'VendorCreatePage');
const VendorUpdatePage = screen(() => import('../screens/vendors/VendorPages'), 'VendorUpdatePage');
const UsersPage = screen(() => import('../screens/admin/UsersPage'), 'UsersPage');
const ContactMessagesPage = screen(() => import('../screens/admin/ContactMessagesPage'), 'ContactMessagesPage');

type Params = Record<string, string | undefined>;

interface RouteSpec {
  path: string;
  component: ComponentType<{ params: Params }>;
  /** Who may open it: others go to /login (visitors) or to their own home (limited users). */
  access: Access;
}

export const ROUTES: RouteSpec[] = [
  { path: '/', component: LandingPage, access: 'visitor' },
  { path: '/about', component: AboutPage, access: 'visitor' },
  { path: '/contact', component: ContactPage, access: 'visitor' },
  { path: '/login', component: LoginPage, access: 'visitor' },
  { path: '/register', component: RegisterPage, access: 'visitor' },
  { path: '/activate/:uid/:token', component: ActivatePage, access: 'visitor' },
  { path: '/reset-password', component: ResetPasswordPage, access: 'visitor' },
  { path: '/password/reset/confirm/:uid/:token', component: ResetPasswordConfirmPage, access: 'visitor' },
  { path: '/home', component: HomePage, access: 'full-access' },
  { path: '/workorder-home', component: WorkOrderHomePage, access: 'signed-in' },
  { path: '/workorder-list', component: WorkOrderListPage, access: 'signed-in' },
  { path: '/workorder-create', component: WorkOrderCreatePage, access: 'signed-in' },
  { path: '/workorder-detail/:id', component: WorkOrderDetailPage, access: 'signed-in' },
  { path: '/maintenance-list', component: MaintenanceListPage, access: 'full-access' },
  { path: '/maintenance-detail/:id', component: MaintenanceDetailPage, access: 'full-access' },
  { path: '/maintenance-create', component: MaintenanceCreatePage, access: 'full-access' },
  { path: '/maintenance-update/:id', component: MaintenanceUpdatePage, access: 'full-access' },
  { path: '/location-list', component: LocationListPage, access: 'full-access' },
  { path: '/location-detail/:id', component: LocationDetailPage, access: 'full-access' },
  { path: '/location-create', component: LocationCreatePage, access: 'full-access' },
  { path: '/location-update/:id', component: LocationUpdatePage, access: 'full-access' },
  { path: '/inventory-home', component: InventoryHomePage, access: 'full-access' },
  { path: '/asset-list', component: AssetListPage, access: 'full-access' },
  { path: '/asset-detail/:id', component: AssetDetailPage, access: 'full-access' },
  { path: '/asset-create', component: AssetCreatePage, access: 'full-access' },
  { path: '/asset-update/:id', component: AssetUpdatePage, access: 'full-access' },
  { path: '/part-list', component: PartListPage, access: 'full-access' },
  { path: '/part-detail/:id', component: PartDetailPage, access: 'full-access' },
  { path: '/chemical-list', component: ChemicalListPage, access: 'full-access' },
  { path: '/chemical-detail/:id', component: ChemicalDetailPage, access: 'full-access' },
  { path: '/vendor-list', component: VendorListPage, access: 'full-access' },
  { path: '/vendor-detail/:id', component: VendorDetailPage, access: 'full-access' },
  { path: '/vendor-create', component: VendorCreatePage, access: 'full-access' },
  { path: '/vendor-update/:id', component: VendorUpdatePage, access: 'full-access' },
  { path: '/admin/users', component: UsersPage, access: 'staff' },
  { path: '/admin/contact-messages', component: ContactMessagesPage, access: 'staff' },
];

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {ROUTES.map(({ path, component: Page, access }) => (
          <Route key={path} path={path}>
            {(params: Params) => (
              <RequireAccess access={access}>
                <Page params={params} />
              </RequireAccess>
            )}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

import { describe, expect, it } from 'vitest';
import { HUBS, homeFor, hubButtons, hubLinks, mayOpen, topBarLinks, type HubName } from '../../../src-ui/app/navigation';
import { ROUTES, gatherRoutes } from '../../../src-ui/app/routes';

const full = { full_feature_access: true, is_staff: false };
const limited = { full_feature_access: false, is_staff: false };
const staff = { full_feature_access: true, is_staff: true };
/** A staff user without full access: runs the team, works only on work orders. */
const limitedStaff = { full_feature_access: false, is_staff: true };

describe('navigation table', () => {
  it('sends each kind of user to their home (behaviour §1)', () => {
    expect(homeFor(full)).toBe('/home');
    expect(homeFor(limited)).toBe('/workorder-home');
  });

  it('gives the top bar links of behaviour §2 for a visitor, a limited and a full-access user', () => {
    expect(topBarLinks(null).map((l) => l.label)).toEqual(['About', 'Login']);
    expect(topBarLinks(limited)).toEqual([
      { href: '/workorder-home', label: 'WorkOrder Home' },
      { href: '/about', label: 'About' },
      { href: '/contact', label: 'Contact' },
    ]);
    expect(topBarLinks(full)).toEqual([
      { href: '/home', label: 'Home' },
      { href: '/about', label: 'About' },
      { href: '/contact', label: 'Contact' },
    ]);
  });

  it('adds Users to the top bar of staff users only', () => {
    expect(topBarLinks(staff).map((l) => l.label)).toEqual(['Home', 'About', 'Contact', 'Users']);
    expect(topBarLinks(limitedStaff).map((l) => l.label)).toEqual(['WorkOrder Home', 'About', 'Contact', 'Users']);
    expect(homeFor(limitedStaff)).toBe('/workorder-home');
  });

  it('gives the buttons of the home screens of behaviour §2 per role', () => {
    const labels = (hub: HubName, user: typeof full | null) => hubButtons(hub, user).map((b) => b.label);
    for (const user of [full, staff]) {
      expect(labels('home', user)).toEqual(['Inventory', 'Locations', 'Preventative Maintenance', 'Work Orders']);
      expect(labels('inventory', user)).toEqual(['Assets', 'Chemicals', 'Parts', 'Vendors', 'Home']);
      expect(labels('workorders', user)).toEqual(['Create Work Order', 'Active Work Orders', 'Home']);
    }
    // Behaviour §6: a limited user has the work-order home only, without its Home button.
    for (const user of [limited, limitedStaff]) {
      expect(labels('workorders', user)).toEqual(['Create Work Order', 'Active Work Orders']);
      expect(labels('home', user)).toEqual(['Work Orders']);
      expect(labels('inventory', user)).toEqual([]);
    }
    expect(hubButtons('workorders', null)).toEqual([]);
    expect(HUBS.workorders.at(-1)).toMatchObject({ href: '/home', label: 'Home', outlined: true });
    expect(HUBS.inventory.at(-1)).toMatchObject({ href: '/home', label: 'Home', outlined: true });
  });

  it('links Mail notifications under both homes users land on, leaving the buttons as they are', () => {
    const notifications = [{ href: '/notifications', label: 'Mail notifications' }];
    expect(hubLinks('home', full)).toEqual(notifications);
    expect(hubLinks('workorders', limited)).toEqual(notifications);
    expect(hubLinks('inventory', full)).toEqual([]);
    expect(hubLinks('workorders', null)).toEqual([]);
    expect(ROUTES.find((r) => r.path === '/notifications')?.access).toBe('user');
  });

  it('each hub button declares the access of the route it leads to, and its hub is open to whoever sees it', () => {
    const hubPath: Record<HubName, string> = { home: '/home', inventory: '/inventory-home', workorders: '/workorder-home' };
    for (const [hub, buttons] of Object.entries(HUBS) as [HubName, (typeof HUBS)[HubName]][]) {
      expect(ROUTES.find((r) => r.path === hubPath[hub]), hubPath[hub]).toBeDefined();
      for (const button of buttons) {
        const route = ROUTES.find((r) => r.path === button.href);
        expect(route, button.href).toBeDefined();
        expect(button.access, `${hub}: ${button.href}`).toBe(route!.access);
      }
    }
  });

  it('opens a route only for the access it declares', () => {
    expect(mayOpen('public', null)).toBe(true);
    expect(mayOpen('user', null)).toBe(false);
    expect(mayOpen('user', limited)).toBe(true);
    expect(mayOpen('full', limited)).toBe(false);
    expect(mayOpen('full', full)).toBe(true);
    expect(mayOpen('staff', null)).toBe(false);
    expect(mayOpen('staff', full)).toBe(false);
    expect(mayOpen('staff', staff)).toBe(true);
    expect(mayOpen('staff', limitedStaff)).toBe(true);
    expect(mayOpen('full', limitedStaff)).toBe(false);
  });

  it('every link in the table leads to a route its viewer may open', () => {
    for (const user of [null, limited, full, staff, limitedStaff]) {
      for (const link of topBarLinks(user)) {
        const route = ROUTES.find((r) => r.path === link.href);
        expect(route, link.href).toBeDefined();
        expect(mayOpen(route!.access, user), `${link.href} for ${JSON.stringify(user)}`).toBe(true);
      }
    }
  });
});

describe('route table gathered from the screens folders', () => {
  it('holds every route of behaviour §2 once, with the access each needs', () => {
    const access = Object.fromEntries(ROUTES.map((r) => [r.path, r.access]));
    expect(ROUTES).toHaveLength(new Set(ROUTES.map((r) => r.path)).size);
    for (const path of ['/', '/about', '/contact', '/login', '/register', '/activate/:uid/:token', '/reset-password', '/password/reset/confirm/:uid/:token']) expect(access[path], path).toBe('public');
    for (const path of ['/workorder-home', '/workorder-list', '/workorder-create', '/workorder-detail/:id']) expect(access[path], path).toBe('user');
    for (const path of ['/home', '/maintenance-list', '/maintenance-detail/:id', '/maintenance-create', '/maintenance-update/:id', '/location-list', '/location-detail/:id', '/location-create', '/location-update/:id', '/inventory-home', '/asset-list', '/asset-detail/:id', '/asset-create', '/asset-update/:id', '/part-list', '/part-detail/:id', '/chemical-list', '/chemical-detail/:id', '/vendor-list', '/vendor-detail/:id', '/vendor-create', '/vendor-update/:id']) {
      expect(access[path], path).toBe('full');
    }
    expect(access['/admin/users']).toBe('staff');
    expect(access['/admin/contact-messages']).toBe('staff');
  });

  it('refuses a path declared by two areas', () => {
    const page = ROUTES[0]!.component;
    expect(() => gatherRoutes([[{ path: '/x', component: page, access: 'public' }], [{ path: '/x', component: page, access: 'staff' }]])).toThrow('route /x is declared twice');
  });
});

/**
 * The permission matrix: every API route × visitor / limited / full-access / staff, by real
 * requests. The policy (docs/decisions.md: Permissions are enforced by the server) is written here as data, independently of the
 * routes' own declarations, so a route opened by mistake fails this test: visitors reach only the
 * sign-in and account calls, the version check, the contact form and a label's request form; limited users also read
 * locations, list, read and create work orders, read their account and the site settings, and send
 * heartbeats; staff manage users and read contact messages; everything else needs full access.
 * Outside the API, the health endpoints are anyone's and the metrics only the operator's token's
 * (no user session opens them, staff included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../shared/constants.js';
import type { Access } from '../../src-server/http/access.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const PUBLIC = [
  'GET /monitoring/version/',
  'POST /auth/jwt/create/',
  'POST /auth/jwt/logout/',
  'POST /auth/jwt/refresh/',
  'POST /auth/jwt/verify/',
  'POST /auth/users/',
  'POST /auth/users/activation/',
  'POST /auth/users/resend_activation/',
  'POST /auth/users/reset_password/',
  'POST /auth/users/reset_password_confirm/',
  'POST /contact/',
  // A notification mail's unsubscribe link: opened from a mail client, signed, no sign-in (docs/decisions.md: Notifications by mail).
  'GET /notifications/unsubscribe/',
  'POST /notifications/unsubscribe/',
  // A label's request form, its send and its sender's status page: no account (docs/decisions.md: Requests at the label).
  'GET /public/requests/form/:code/',
  'POST /public/requests/',
  'GET /public/requests/:token/',
];
const SIGNED_IN = [
  'GET /auth/users/me/',
  // Each user's own account settings (their language).
  'PATCH /auth/users/me/',
  // A label's code: limited users scan location labels to report a problem there (an asset's code is refused them by the answer).
  'GET /codes/:code/',
  'GET /locations/',
  'GET /locations/export.csv',
  'GET /locations/:id/',
  // A record's history has its record's access (docs/decisions.md: History on every record).
  'GET /locations/:id/activity/',
  // Each user's own notification settings.
  'GET /notifications/settings/',
  'PUT /notifications/settings/',
  'GET /settings/',
  // Each user's own working set: limited users get the areas they may read (locations, work orders).
  'GET /sync/',
  'GET /sync/stream/',
  'GET /workorders/',
  'GET /workorders/export.csv',
  'GET /workorders/:id/',
  'GET /workorders/:id/activity/',
  // Labour: read with the order; recorded by the order's claimer (or full access), each refusal decided by the routes (docs/decisions.md: What the work costs).
  'GET /workorders/:id/labour/',
  'POST /workorders/:id/labour/',
  'POST /workorders/:id/labour/stop/',
  'DELETE /workorders/:id/labour/:entry_id/',
  // Parts on orders: read with the order; issued and returned by the order's claimer (or full access), each refusal decided by the route (docs/decisions.md: What the work costs).
  'GET /workorders/:id/parts/',
  'POST /workorders/:id/parts/',
  'POST /monitoring/heartbeat/',
  'POST /workorders/',
];
/** The operations endpoints: liveness and readiness for load balancers; metrics for METRICS_TOKEN only. */
const HEALTH = ['GET /healthz', 'GET /readyz'];
const OPERATOR = ['GET /metrics'];
/** Staff-only: reading contact messages and everything under /admin/. */
const isStaffOnly = (route: string) => route === 'GET /contact/' || route.split(' ')[1]!.startsWith('/admin/');

function policy(route: string): Access {
  if (PUBLIC.includes(route) || HEALTH.includes(route)) return 'public';
  if (OPERATOR.includes(route)) return 'operator';
  if (SIGNED_IN.includes(route)) return 'user';
  if (isStaffOnly(route)) return 'staff';
  return 'full';
}

type Role = 'visitor' | 'limited' | 'full' | 'staff';
const ROLES: Role[] = ['visitor', 'limited', 'full', 'staff'];
const RANK: Record<Role, number> = { visitor: 0, limited: 1, full: 2, staff: 3 };
const NEEDS: Record<Access, number> = { public: 0, user: 1, full: 2, staff: 3, operator: 4 };

describe('the permission matrix', () => {
  let t: TestApp;
  let users: Record<Exclude<Role, 'visitor'>, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    users = { limited: await t.createUser(), full: await t.createUser({ full: true }), staff: await t.createUser({ staff: true }) };
  });
  afterAll(() => t.close());

  const name = (r: { method: string; url: string }) => `${r.method} ${r.url.startsWith(`${API_BASE}/`) ? r.url.slice(API_BASE.length) : r.url}`;

  it('declares for every route the access the policy gives it', () => {
    const declared = t.app.apiRoutes.map((r) => [name(r), r.access]);
    expect(declared).toEqual(declared.map(([route]) => [route, policy(route!)]));
    // Every route the policy opens up exists (a renamed route must not leave a stale entry here).
    const served = new Set(t.app.apiRoutes.map(name));
    expect([...PUBLIC, ...SIGNED_IN, ...HEALTH, ...OPERATOR].filter((r) => !served.has(r))).toEqual([]);
  });

  it('is enforced by the server for every route and role', async () => {
    const wrong: string[] = [];
    for (const route of t.app.apiRoutes) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const role of ROLES) {
        // An event stream never ends by itself: its answer is taken as a stream and closed once its status is known.
        const streaming = url.endsWith('/stream/');
        const res = await t.request({
          method: route.method as 'GET',
          url,
          ...(role === 'visitor' ? {} : { as: users[role] }),
          ...(route.method === 'GET' ? {} : { payload: {} }),
          ...(streaming ? { payloadAsStream: true } : {}),
        });
        if (streaming) res.stream().destroy();
        const refused =
          (res.statusCode === 401 && role === 'visitor') ||
          (res.statusCode === 403 && (streaming || (res.json() as { detail?: string }).detail === 'You do not have permission to perform this action.'));
        const allowed = RANK[role] >= NEEDS[policy(name(route))];
        if (refused === allowed) wrong.push(`${name(route)} as ${role}: ${res.statusCode} ${streaming ? '' : res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

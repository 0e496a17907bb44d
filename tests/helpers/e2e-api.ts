/**
 * The server as the tests see it: direct API calls with a bearer token, to set up data and to check
 * what reached the server. Never used to drive the app itself.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Asset } from '../../shared/api/assets';
import type { TokenPair } from '../../shared/api/auth';
import type { Page as ApiPage } from '../../shared/api/common';
import type { Location } from '../../shared/api/locations';
import type { MaintenanceTask } from '../../shared/api/maintenance';
import type { WorkOrder } from '../../shared/api/workorders';
import { DEMO_LOGINS } from '../../src-server/demo/seed';
import { decodeUid } from '../../src-server/modules/auth/account-tokens';
import { e2eEnv, serverEnv } from './e2e-env';
import { linkParts, readOutbox } from './outbox';

export interface Login {
  email: string;
  password: string;
}

export const SUPERVISOR: Login = DEMO_LOGINS.find((l) => l.role === 'full access')!;
export const TECHNICIAN: Login = DEMO_LOGINS.find((l) => l.role === 'limited')!;
/** A second full-access user, made with the CLI when first needed. */
export const RIVAL: Login & { firstName: string; lastName: string } = {
  email: 'riley.rival@example.com',
  password: 'Copper-Kettle-2718',
  firstName: 'Riley',
  lastName: 'Rival',
};

const api = (path: string, baseURL = e2eEnv().baseURL) => `${baseURL}/api/v1${path}`;

export class HttpClient {
  private constructor(
    private readonly access: string,
    private readonly baseURL: string,
  ) {}

  /** Signs in to the run's server, or to `baseURL` (a test's own server). */
  static async signIn(login: Login, baseURL = e2eEnv().baseURL): Promise<HttpClient> {
    const res = await fetch(api('/auth/jwt/create/', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password }),
    });
    if (!res.ok) throw new Error(`sign-in as ${login.email} failed: ${res.status} ${await res.text()}`);
    const tokens = (await res.json()) as TokenPair;
    return new HttpClient(tokens.access, baseURL);
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(api(path, this.baseURL), {
      method,
      headers: {
        authorization: `Bearer ${this.access}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  private async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  createLocation(name: string): Promise<Location> {
    return this.ok('POST', '/locations/', { location_type: 'OTHER', name, address: '1 Test Way', city: 'Dallas', state: 'TX', postal_code: '75001' });
  }

  createWorkOrder(locationId: number, description: string, assetId?: number): Promise<WorkOrder> {
    return this.ok('POST', '/workorders/', { location_id: locationId, description, ...(assetId ? { asset_id: assetId } : {}) });
  }

  createAsset(locationId: number, name: string, brand = 'Acme'): Promise<Asset> {
    return this.ok('POST', '/assets/create/', { brand, name, description: `${name} for the tests`, asset_type: 'OTHER', serial_number: `SN-${randomUUID().slice(0, 8)}`, location_id: locationId });
  }

  /** A file the API answers (a label sheet), as bytes. */
  async file(path: string): Promise<Buffer> {
    const res = await fetch(api(path, this.baseURL), { headers: { authorization: `Bearer ${this.access}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }

  workOrder(id: number): Promise<WorkOrder> {
    return this.ok('GET', `/workorders/${id}/`);
  }

  claim(id: number): Promise<WorkOrder> {
    return this.ok('POST', `/workorders/${id}/claim/`);
  }

  complete(id: number, fieldNotes: string): Promise<WorkOrder> {
    return this.ok('POST', `/workorders/${id}/complete/`, { field_notes: fieldNotes });
  }

  createTask(locationId: number, description: string, opts: { interval?: number; lastCompleted?: string } = {}): Promise<MaintenanceTask> {
    return this.ok('POST', '/maintenance/tasks/', {
      location_id: locationId,
      description,
      recurrence_interval: opts.interval ?? 30,
      last_completed_date: opts.lastCompleted ?? new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
    });
  }

  task(id: number): Promise<MaintenanceTask> {
    return this.ok('GET', `/maintenance/tasks/${id}/`);
  }

  taskAction(id: number, action: 'claim' | 'unclaim' | 'complete', body: unknown = {}): Promise<MaintenanceTask> {
    return this.ok('POST', `/maintenance/tasks/${id}/${action}/`, body);
  }

  updateTask(id: number, changes: Record<string, unknown>): Promise<MaintenanceTask> {
    return this.ok('PATCH', `/maintenance/tasks/${id}/`, changes);
  }

  /** Every task whose description or location matches `search`, across pages. */
  async findTasks(search: string): Promise<MaintenanceTask[]> {
    const found: MaintenanceTask[] = [];
    for (let page = 1; ; page++) {
      const res = await this.ok<ApiPage<MaintenanceTask>>('GET', `/maintenance/tasks/?search=${encodeURIComponent(search)}&page=${page}`);
      found.push(...res.results);
      if (!res.next) return found;
    }
  }

  /** Every work order whose description or location matches `search`, across pages. */
  async findWorkOrders(search: string): Promise<WorkOrder[]> {
    const found: WorkOrder[] = [];
    for (let page = 1; ; page++) {
      const res = await this.ok<ApiPage<WorkOrder>>('GET', `/workorders/?search=${encodeURIComponent(search)}&page=${page}`);
      found.push(...res.results);
      if (!res.next) return found;
    }
  }
}

let rivalReady: Promise<void> | null = null;

/**
 * Creates the second full-access user through the administration CLI, once for the whole run: the
 * CLI's create-user on an existing account sets its password again, which ends its sessions, so a
 * second test process running it would sign the first one's rival out mid-test. The first process
 * to make the lock directory in the run's data directory runs it; the others wait for its mark.
 */
export function ensureRival(): Promise<void> {
  rivalReady ??= (async () => {
    const dir = e2eEnv().dataDir;
    const ready = join(dir, 'rival.ready');
    try {
      mkdirSync(join(dir, 'rival.lock'));
    } catch {
      for (let waited = 0; !existsSync(ready); waited += 100) {
        if (waited > 60_000) throw new Error('the rival user was not made within a minute');
        await new Promise((r) => setTimeout(r, 100));
      }
      return;
    }
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src-server/cli/main.ts', 'create-user', '--email', RIVAL.email, '--password', RIVAL.password, '--first-name', RIVAL.firstName, '--last-name', RIVAL.lastName, '--full-access'],
      { env: { ...process.env, ...serverEnv(e2eEnv()) } },
    );
    writeFileSync(ready, '');
  })();
  return rivalReady;
}

export interface NewUser extends Login {
  id: number;
  firstName: string;
  lastName: string;
}

/** The newest mail to `email` with a link to `path`, waited for (the server writes it after answering). */
export async function mailLink(email: string, path: '/activate' | '/password/reset/confirm', timeoutMs = 15_000): Promise<{ uid: string; token: string }> {
  for (const until = Date.now() + timeoutMs; ; ) {
    const mail = readOutbox(e2eEnv().dataDir)
      .filter((m) => m.includes(email) && m.includes(path))
      .pop();
    if (mail) return linkParts(mail, path);
    if (Date.now() > until) throw new Error(`no ${path} mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A technician registered through the public API (limited, no staff right, a name no other test
 * uses) and, unless `activate` is false, activated from the mailed link, as a new team member would.
 */
export async function registerUser(opts: { activate?: boolean } = {}): Promise<NewUser> {
  const tag = randomUUID().slice(0, 8);
  const user = { email: `new.tech.${tag}@example.com`, password: `Orchard-Lantern-${tag}`, firstName: 'Robin', lastName: `Fixer ${tag}` };
  const post = (path: string, body: unknown) => fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/auth/users/', { email: user.email, password: user.password, re_password: user.password, first_name: user.firstName, last_name: user.lastName });
  if (created.status !== 201) throw new Error(`registering ${user.email} failed: ${created.status} ${await created.text()}`);
  // The answer carries no id (it looks the same for a taken address); the activation link's uid is the id.
  const { uid } = await mailLink(user.email, '/activate');
  const id = decodeUid(uid);
  if (id === null) throw new Error(`no user id in the activation link of ${user.email}`);
  if (opts.activate !== false) await activateUser(user.email);
  return { ...user, id };
}

/** Activates an account from the link in its activation mail. */
export async function activateUser(email: string): Promise<void> {
  const res = await fetch(api('/auth/users/activation/'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await mailLink(email, '/activate')) });
  if (res.status !== 204) throw new Error(`activating ${email} failed: ${res.status} ${await res.text()}`);
}

/** A name no other test uses, so parallel tests never see each other's records. */
export function unique(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** The data layer's pieces over a fake API, each test with its own device DB and bus. */
import type { User } from '../../../shared/api/auth.js';
import { createDataServices, type DataServices } from '../../../src-worker/data-services.js';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { BASE_URL, type FakeHttp } from './fake-http.js';
import { uniqueNames } from './data-core-harness.js';

export interface TestServices extends DataServices {
  clock: { now: number };
  expired: number;
  close(): void;
}

export function createTestServices(api: FakeHttp, start = Date.parse('2026-03-01T08:00:00.000Z')): TestServices {
  const clock = { now: start };
  const result = { expired: 0 } as TestServices;
  const services = createDataServices(
    { contextId: 'test', fetch: api.fetch, baseUrl: BASE_URL, now: () => clock.now, ...uniqueNames() },
    {
      onSessionExpired: async () => {
        result.expired += 1;
        await services.session.clear('expired');
      },
    },
  );
  return Object.assign(result, services, {
    clock,
    close() {
      services.bus.close();
      services.db.close();
    },
  });
}

/** What an area's calls are given, over the test's services (a queued write goes straight to the outbox). */
export function areaContextOf(s: TestServices): AreaContext {
  return { http: s.http, cache: s.cache, workingSet: s.workingSet, outbox: s.outbox, network: s.network, visitorReports: s.visitorReports, enqueue: (m) => s.outbox.enqueueMutation(m) };
}

/** Signs a full-access technician in on the test's services. */
export function signInTechnician(s: TestServices): Promise<void> {
  return s.session.signIn({ access: 'A1', refresh: 'R1' }, { id: 1, email: 'tech@example.com', first_name: 'T', last_name: 'E', full_feature_access: true, is_staff: false, userInfo: null } as unknown as User);
}

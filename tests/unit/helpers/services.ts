/** The data layer's pieces over a fake API, each test with its own device DB and bus. */
import { createDataServices, type DataServices } from '../../../src-worker/data-services.js';
import { BASE_URL, type FakeApi } from './fake-api.js';
import { uniqueNames } from './data-core-harness.js';

export interface TestServices extends DataServices {
  clock: { now: number };
  expired: number;
  close(): void;
}

export function createTestServices(api: FakeApi, start = Date.parse('2026-03-01T08:00:00.000Z')): TestServices {
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

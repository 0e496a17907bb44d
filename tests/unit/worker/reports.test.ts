import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/data/messages.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, type FakeHttp } from '../helpers/fake-http.js';

/** A report asked for without a connection (behaviour §7): said in a report's own words, nothing kept for later. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

describe('a report without a connection', () => {
  const refusal = { code: 'NEEDS_CONNECTION', shouldNotify: true, message: ERROR_MESSAGES.reportNeedsConnection };

  it('is neither downloaded nor mailed, says that reports need a connection, and is not queued', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.parts.report(3003)).rejects.toMatchObject(refusal);
    await expect(harness.core.workerCalls.washes.emailReport(1102, 'stores@example.com')).rejects.toMatchObject(refusal);
    await expect(harness.core.workerCalls.chemicals.emailReport(3003, 'stores@example.com')).rejects.toMatchObject(refusal);
    expect(ERROR_MESSAGES.reportNeedsConnection).not.toBe(ERROR_MESSAGES.needsConnection);
    expect(harness.core.state().queue.items).toEqual([]);
  });
});

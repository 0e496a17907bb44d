/**
 * The PDF threads (src-server/reports/pdf-pool.ts) through the API: a thread that dies fails only
 * the document it was building (a 500 in the API's shape) and a new thread builds the next; more
 * documents than the threads and the queue hold are refused at once with a 503 and Retry-After;
 * closing the app ends its threads, one at work included, instead of waiting for them.
 */
import { describe, expect, it } from 'vitest';
import { PDF_BUSY, PDF_RETRY_AFTER_S, PDF_STOPPING } from '../../src-server/reports/pdf-pool.js';
import { insertAssets, insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const labelsOf = (t: TestApp, as: TestUser, location: number) => t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location}`, as });

describe('a PDF thread that dies', () => {
  it('fails only the request it was building; the next is built by a new thread', async () => {
    const t = await createTestApp({ env: { PDF_THREADS: '1' }, pdfScript: new URL('../helpers/crashing-pdf-worker.ts', import.meta.url) });
    try {
      const full = await t.createUser({ full: true });
      const crash = await insertLocation(t.database.db, 'Crash Site');
      await insertAssets(t.database.db, crash.id, 1, 'Boiler');
      const quiet = await insertLocation(t.database.db, 'Quiet Site');
      await insertAssets(t.database.db, quiet.id, 3, 'Pump');

      const [failed, beside] = await Promise.all([labelsOf(t, full, crash.id), labelsOf(t, full, quiet.id)]);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ detail: 'A server error occurred.' });
      expect(beside.statusCode, beside.body).toBe(200);
      expect(beside.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const after = await labelsOf(t, full, quiet.id);
      expect(after.statusCode, after.body).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('more documents than the threads and the queue hold', () => {
  it('are refused at once with a 503 and Retry-After; the others are built', async () => {
    const t = await createTestApp({ env: { PDF_THREADS: '1', PDF_QUEUE_LIMIT: '1' } });
    try {
      const full = await t.createUser({ full: true });
      // Seconds of building each, while the other two arrive.
      const yard = await insertLocation(t.database.db, 'Busy Yard');
      await insertAssets(t.database.db, yard.id, 300, 'Crate');

      const answers = await Promise.all([1, 2, 3].map(() => labelsOf(t, full, yard.id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 503]);
      const refused = answers.find((a) => a.statusCode === 503)!;
      expect(refused.json()).toEqual({ detail: PDF_BUSY });
      expect(refused.headers['retry-after']).toBe(String(PDF_RETRY_AFTER_S));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('closing the app', () => {
  it('ends a thread at work: its request is answered 503, and the close does not wait for the build', async () => {
    const t = await createTestApp();
    const full = await t.createUser({ full: true });
    const yard = await insertLocation(t.database.db, 'Closing Yard');
    await insertAssets(t.database.db, yard.id, 1000, 'Crate');
    const pending = labelsOf(t, full, yard.id);
    await new Promise((r) => setTimeout(r, 500));
    const closing = performance.now();
    await t.app.close();
    const closeMs = performance.now() - closing;
    const answer = await pending;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ detail: PDF_STOPPING });
    // The sheet alone takes seconds (more on a crowded machine).
    expect(closeMs).toBeLessThan(2_000);
    await t.close();
  }, 60_000);
});

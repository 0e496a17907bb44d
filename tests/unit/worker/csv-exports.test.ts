import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/data/messages.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** A list's CSV export through the data worker (docs/decisions.md: CSV exports). */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

const CSV = '\uFEFFID,Location\r\n7,"Depot, North"\r\n';

describe('a CSV export', () => {
  it('is read as bytes with the filters the list shows, and comes with the name the server gave it', async () => {
    api.on('GET', 'workorders/export.csv?location=3&search=pump%20room', () => new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="workorders-2026-11-27.csv"' } }));
    const answer = await harness.core.workerCalls.exports.csv('workorders', { location: 3, search: ' pump room ' });
    expect(answer.fileName).toBe('workorders-2026-11-27.csv');
    expect(answer.type).toBe('text/csv; charset=utf-8');
    // The bytes as sent: the BOM is kept (Excel needs it), nothing was decoded and encoded again.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(answer.bytes)).toBe(CSV);
    expect(api.callsTo('GET', /export\.csv/)).toHaveLength(1);
  });

  it('takes only the filters its list has', async () => {
    api.on('GET', 'vendors/export.csv', () => new Response('\uFEFFID\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    await harness.core.workerCalls.exports.csv('vendors', { location: 3, search: 'x' });
    expect(api.callsTo('GET', /export\.csv/).map((c) => c.path)).toEqual(['vendors/export.csv']);
  });

  it('passes on the server refusal in its own words', async () => {
    api.on('GET', 'parts/export.csv', () => json(403, { detail: 'You do not have permission to perform this action.' }));
    await expect(harness.core.workerCalls.exports.csv('parts', {})).rejects.toMatchObject({ status: 403, serverMessage: 'You do not have permission to perform this action.' });
  });

  it('without a connection says that exports need one, and nothing is queued', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.exports.csv('workorders', {})).rejects.toMatchObject({ code: 'NEEDS_CONNECTION', message: ERROR_MESSAGES.exportNeedsConnection });
    expect(harness.core.state().queue.items).toEqual([]);
  });
});

describe("a part's ledger as CSV", () => {
  it('is read as bytes from the part\'s ledger.csv, with the name the server gave it', async () => {
    const ledger = '\uFEFFDate,Kind,Change\r\n2026-11-27T08:00:00.000Z,Fill,3\r\n';
    api.on('GET', 'parts/12/ledger.csv', () => new Response(ledger, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="part-12-ledger-2026-11-27.csv"' } }));
    const answer = await harness.core.workerCalls.partmoves.ledgerCsv(12);
    expect(answer.fileName).toBe('part-12-ledger-2026-11-27.csv');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(answer.bytes)).toBe(ledger);
  });

  it('without a connection says that exports need one, and nothing is queued', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.partmoves.ledgerCsv(12)).rejects.toMatchObject({ code: 'NEEDS_CONNECTION', message: ERROR_MESSAGES.exportNeedsConnection });
    expect(harness.core.state().queue.items).toEqual([]);
  });
});

/**
 * The largest label sheet and the largest report a request may ask for are built in a PDF thread
 * (src-server/reports/pdf-pool.ts), not on the event loop: a real server process (one process, so
 * every request meets the same loop) keeps answering /healthz all the while one is being built, on
 * SQLite and on PostgreSQL.
 *
 * /healthz is asked one request after another, 25 ms apart, from just after the PDF is asked for
 * until its last byte has arrived; every answer's time counts, the one under way when the PDF ends
 * included. A build on the loop holds the /healthz sent during it for the whole build (seconds to
 * tens of seconds). Off the loop, a /healthz is answered in a few ms on a quiet machine; on a
 * crowded one (CI, two cores shared with other test processes) the scheduler alone makes a few of
 * them take some hundreds of ms whatever the server does (one of 774 ms during a report built in
 * 1.9 s has been seen there). So the test asks what tells the two apart on any machine: at least
 * ten /healthz answered during the build (a held loop answers one or two: the first waits for the
 * whole build, and the build is over when it is answered), the median within 100 ms, and the
 * slowest under half the build (a held one takes nearly all of it). The figures are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LABELS_PER_REQUEST } from '../../shared/api/labels.js';
import { REPORT_MAX_ROWS } from '../../src-server/reports/report-size.js';
import { insertAssets, insertLocation, insertParts } from '../helpers/inventory-fixtures.js';
import { startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

const onWhat = usesPostgres ? 'PostgreSQL' : 'SQLite';
const HEALTHZ_BOUND_MS = 100;
/** No /healthz may take this share of the build: one held by it takes nearly all of it. */
const HELD_SHARE = 0.5;
const HEALTHZ_GAP_MS = 25;

interface Measure {
  status: number;
  pdf: Buffer;
  buildMs: number;
  /** Each /healthz's time from sending to its whole answer, in order. */
  healthz: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`a real server on ${onWhat} building its largest PDFs`, () => {
  let shared: SharedDatabase;
  let server: ServerProcess;
  let partsRoom: number;

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 1 });
    const db = shared.database.db;
    await insertAssets(db, shared.locationId, MAX_LABELS_PER_REQUEST, 'Pump');
    partsRoom = (await insertLocation(db, 'Parts Room')).id;
    await insertParts(db, partsRoom, REPORT_MAX_ROWS, 'Gasket');
    server = await startServer({ ...shared.env, SERVER_PROCESSES: '1', PART_LOCATIONS: String(partsRoom) });
    await waitUntilReady(server);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    await shared?.close();
  });

  /** Asks for `path` and, until its answer is whole, one /healthz after another. */
  async function healthzWhileBuilding(path: string): Promise<Measure> {
    const started = performance.now();
    let building = true;
    const heavy = fetch(`${server.origin}${path}`, { headers: shared.callers[0]!.headers })
      .then(async (res) => ({ status: res.status, pdf: Buffer.from(await res.arrayBuffer()) }))
      .finally(() => {
        building = false;
      });
    const healthz: number[] = [];
    while (building) {
      const sent = performance.now();
      const res = await fetch(`${server.origin}/healthz`);
      await res.text();
      expect(res.status).toBe(200);
      healthz.push(performance.now() - sent);
      await sleep(HEALTHZ_GAP_MS);
    }
    const { status, pdf } = await heavy;
    return { status, pdf, buildMs: performance.now() - started, healthz };
  }

  function expectAnsweredMeanwhile(what: string, m: Measure): void {
    const sorted = [...m.healthz].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
    const slowest = sorted[sorted.length - 1]!;
    console.log(
      `${onWhat}, ${what}: built in ${Math.round(m.buildMs)} ms (${m.pdf.length} bytes); ${m.healthz.length} /healthz meanwhile: ` +
        `median ${at(0.5).toFixed(1)} ms, 90th percentile ${at(0.9).toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`,
    );
    expect(m.status).toBe(200);
    expect(m.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(slowest).toBeLessThan(HELD_SHARE * m.buildMs);
    expect(at(0.5)).toBeLessThan(HEALTHZ_BOUND_MS);
    // The build lasted long enough to be asked about many times.
    expect(m.healthz.length).toBeGreaterThanOrEqual(10);
  }

  it(`answers /healthz while a sheet of ${MAX_LABELS_PER_REQUEST} labels is built`, async () => {
    const m = await healthzWhileBuilding(`/api/v1/assets/labels.pdf?location=${shared.locationId}`);
    expectAnsweredMeanwhile(`${MAX_LABELS_PER_REQUEST} labels`, m);
  }, 120_000);

  it(`answers /healthz while a report of ${REPORT_MAX_ROWS} rows is built`, async () => {
    const m = await healthzWhileBuilding(`/api/v1/parts/part-inventory-report/?location=${partsRoom}`);
    expectAnsweredMeanwhile(`a report of ${REPORT_MAX_ROWS} rows`, m);
  }, 120_000);
});

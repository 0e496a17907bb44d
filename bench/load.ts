/**
 * Load generator, run as its own process by server.bench.ts so it does not share a CPU budget with
 * the server's event loop. Reads one scenario as JSON from argv and prints autocannon's summary.
 */
import autocannon from 'autocannon';

interface Scenario {
  url: string;
  token: string;
  connections: number;
  durationS: number;
  /** GET path, or the claim/unclaim pair over these order ids. */
  path?: string;
  claimIds?: number[];
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario;
const headers = { authorization: `Bearer ${scenario.token}`, 'content-type': 'application/json' };

let next = 0;
const requests = scenario.claimIds
  ? [
      {
        method: 'POST' as const,
        setupRequest(req: { path: string; body?: string }, context: Record<string, unknown>) {
          // Each connection works on its own order, so claims do not collide.
          const id = scenario.claimIds![next++ % scenario.claimIds!.length]!;
          context.id = id;
          return { ...req, path: `/api/v1/workorders/${id}/claim/`, body: '{}' };
        },
      },
      {
        method: 'POST' as const,
        setupRequest(req: { path: string; body?: string }, context: Record<string, unknown>) {
          return { ...req, path: `/api/v1/workorders/${String(context.id)}/unclaim/`, body: '{}' };
        },
      },
    ]
  : [{ method: 'GET' as const, path: scenario.path ?? '/' }];

const result = await autocannon({ url: scenario.url, connections: scenario.connections, duration: scenario.durationS, headers, requests });
// A claim that meets an order another connection still holds is refused 409 by design (the ids
// wrap around the connections): a collision of the load generator's own, not a failure.
const collisions = result.statusCodeStats['409']?.count ?? 0;
const non2xx = result.non2xx - collisions;
console.log(JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx, collisions, total: result.requests.total }));

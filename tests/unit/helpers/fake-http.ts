/**
 * The HTTP edge for data-layer unit tests: a fetch function backed by per-test route handlers, so
 * the API client, session, cache and outbox run for real above it. `down` makes every request fail
 * the way a cut connection does (fetch rejects with a TypeError).
 */
import type { FetchLike } from '../../../src-worker/http/http-client.js';

export const BASE_URL = 'http://app.test/api/v1/';

export interface RecordedRequest {
  method: string;
  /** Path relative to the API base, with its query. */
  path: string;
  headers: Record<string, string>;
  json: unknown;
  form: FormData | null;
}

export type Route = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeHttp {
  fetch: FetchLike;
  calls: RecordedRequest[];
  /** Answers `METHOD path` (exact path with query, or a RegExp). Later routes win. */
  on(method: string, path: string | RegExp, route: Route): void;
  down: boolean;
  callsTo(method: string, path: string | RegExp): RecordedRequest[];
}

export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function createFakeHttp(): FakeHttp {
  const routes: { method: string; path: string | RegExp; route: Route }[] = [];
  const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));
  const api: FakeHttp = {
    calls: [],
    down: false,
    on(method, path, route) {
      routes.unshift({ method, path, route });
    },
    callsTo(method, path) {
      return api.calls.filter((c) => c.method === method && matches(path, c.path));
    },
    async fetch(input, init) {
      if (api.down) throw new TypeError('Failed to fetch');
      const request = new Request(input, init);
      const path = input.slice(BASE_URL.length);
      const type = request.headers.get('content-type') ?? '';
      const recorded: RecordedRequest = {
        method: request.method,
        path,
        headers: Object.fromEntries(request.headers.entries()),
        json: type.includes('json') ? await request.json() : null,
        form: type.includes('multipart/form-data') ? await request.formData() : null,
      };
      api.calls.push(recorded);
      const found = routes.find((r) => r.method === request.method && matches(r.path, path));
      return found ? found.route(recorded) : json(404, { detail: 'Not found.' });
    },
  };
  return api;
}

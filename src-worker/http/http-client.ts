/**
 * The one HTTP client of the client side (behaviour §7): base /api/v1 on the app's origin, the Bearer
 * token from the device DB, JSON or multipart bodies, an Idempotency-Key on every write, and every
 * failure turned into a behaviour §8 NormalizedError. A 401 is retried once after the shared refresh.
 * Every request asks for the worker's language (Accept-Language), so the server's texts come back in it.
 */
import { cancelledError, networkError, normalizeHttpError, offlineError } from '../../shared/data/errors.js';
import type { BinaryAnswer, NormalizedError } from '../../shared/data/protocol.js';
import type { NetworkMonitor } from '../network/network-monitor.js';
import type { SessionStore } from '../session/session-store.js';
import { TokenRefresher, type RefreshAnswer } from '../session/token-refresher.js';
import { workerLanguage } from '../session/language.js';
import type { UploadFetch } from './xhr-upload.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  /** Relative to the API base, e.g. `workorders/?page=1`. */
  path: string;
  json?: unknown;
  form?: FormData;
  /** Writes always carry one; pass the key stored with a queued item so every attempt shares it. */
  idempotencyKey?: string;
  /** Sent as `If-Match`: the version an update is based on (the server answers 412 when stale). */
  ifMatch?: string;
  /** The answer is a file (a PDF report): returned as a BinaryAnswer, its bytes untouched. Errors stay JSON. */
  binary?: boolean;
  /**
   * A screen waits on this upload (a form with photos sent now): how much of the body has been
   * sent is reported through `onUploadProgress` of the client's dependencies.
   */
  reportProgress?: boolean;
  /** False for background calls (heartbeat, version check): no global spinner (behaviour §2). */
  spinner?: boolean;
  /** False for the sign-in calls themselves: no Bearer token, no refresh on 401. */
  auth?: boolean;
  /** Use this access token instead of the stored one, without refresh (right after sign-in). */
  bearer?: string;
  signal?: AbortSignal;
}

export interface HttpClientDeps {
  fetch: FetchLike;
  /** Absolute base URL ending in `/api/v1/`. */
  baseUrl: string;
  session: SessionStore;
  network: NetworkMonitor;
  /** The session could not be renewed: clear it and send every tab to /login. */
  onSessionExpired: () => Promise<void>;
  /** +1 when a spinner request starts, -1 when it ends. */
  onBusy?: (delta: number) => void;
  /** Sends bodies whose progress is reported (XMLHttpRequest); without it, they go through `fetch`. */
  uploadFetch?: UploadFetch | null;
  /** Bytes of a `reportProgress` upload sent so far, and null once it is over. */
  onUploadProgress?: (progress: { sent: number; total: number } | null) => void;
  /** The language the server is asked to answer in (Accept-Language); the worker's by default. */
  language?: () => string;
}

/**
 * A request that hangs on a dead connection would hold the flush and the spinner forever; after
 * this long it counts as a network failure.
 */
const REQUEST_TIMEOUT_MS = 30_000;

const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class HttpClient {
  readonly refresher: TokenRefresher;

  constructor(private readonly deps: HttpClientDeps) {
    this.refresher = new TokenRefresher(deps.session, (refresh) => this.callRefresh(refresh));
  }

  /**
   * Opens a long-lived answer (an event stream) with the bearer token in its header, never in its
   * URL: refreshed once on a 401 like any request, ended by `signal`. No time limit: it lasts
   * until the server or the caller ends it. The caller reads the body.
   */
  async openStream(path: string, signal: AbortSignal): Promise<Response> {
    const open = (access: string | null) =>
      this.deps.fetch(this.deps.baseUrl + path, {
        headers: { Accept: 'text/event-stream', 'Accept-Language': this.language(), ...(access ? { Authorization: `Bearer ${access}` } : {}) },
        signal,
        credentials: 'include',
      });
    const tokens = await this.deps.session.tokens();
    let response = await open(tokens?.access ?? null);
    if (response.status === 401) {
      const fresh = tokens?.refresh ? await this.refresher.refresh(tokens.access) : null;
      if (fresh === null) return this.expire(response);
      response = await open(fresh);
      if (response.status === 401) return this.expire(response);
    }
    if (!response.ok) throw normalizeHttpError(response.status, await readBody(response));
    return response;
  }

  /** The language asked for: the one the worker speaks now, read on each attempt (a replay asks in today's). */
  private language(): string {
    return this.deps.language?.() ?? workerLanguage();
  }

  /** The API path of an absolute `next` link from a paged list (same base), for following pages. */
  pathOf(url: string): string {
    const target = new URL(url, this.deps.baseUrl);
    const basePath = new URL(this.deps.baseUrl).pathname;
    const path = target.pathname.startsWith(basePath) ? target.pathname.slice(basePath.length) : target.pathname.replace(/^\//, '');
    return path + target.search;
  }

  async request<T>(request: HttpRequest): Promise<T> {
    const spinner = request.spinner !== false;
    if (spinner) this.deps.onBusy?.(1);
    try {
      return (await this.send(request)) as T;
    } finally {
      if (spinner) this.deps.onBusy?.(-1);
    }
  }

  private async send(request: HttpRequest): Promise<unknown> {
    const method = request.method ?? 'GET';
    const idempotencyKey = WRITE_METHODS.has(method) ? (request.idempotencyKey ?? crypto.randomUUID()) : null;
    if (request.bearer !== undefined) {
      const response = await this.attempt(request, method, idempotencyKey, request.bearer);
      if (!response.ok) throw normalizeHttpError(response.status, await readBody(response));
      return request.binary ? readBinary(response) : readBody(response);
    }
    const withAuth = request.auth !== false;
    const tokens = withAuth ? await this.deps.session.tokens() : null;
    let response = await this.attempt(request, method, idempotencyKey, tokens?.access ?? null);
    if (response.status === 401 && withAuth) {
      const fresh = tokens?.refresh ? await this.refresher.refresh(tokens.access) : null;
      if (fresh === null) return this.expire(response);
      response = await this.attempt(request, method, idempotencyKey, fresh);
      if (response.status === 401) return this.expire(response);
    }
    if (!response.ok) throw normalizeHttpError(response.status, await readBody(response));
    return request.binary ? readBinary(response) : readBody(response);
  }

  /** Behaviour §4: failed refresh, no refresh token, or a second 401 ends the session everywhere. */
  private async expire(response: Response): Promise<never> {
    const error = normalizeHttpError(response.status, await readBody(response));
    await this.deps.onSessionExpired();
    throw error;
  }

  /** One HTTP exchange. Any response counts as "online"; a thrown fetch is offline or network. */
  private async attempt(request: HttpRequest, method: HttpMethod, idempotencyKey: string | null, access: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: request.binary ? '*/*' : 'application/json', 'Accept-Language': this.language() };
    if (access) headers.Authorization = `Bearer ${access}`;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (request.ifMatch !== undefined) headers['If-Match'] = request.ifMatch;
    let body: BodyInit | undefined;
    if (request.form) body = request.form;
    else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const timeout = new AbortController();
    let timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    // An upload that is moving is not hanging: on a slow uplink photos may take longer than the limit.
    const stillMoving = () => {
      clearTimeout(timer);
      timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    };
    const onCallerAbort = () => timeout.abort();
    request.signal?.addEventListener('abort', onCallerAbort);
    const where = { method, path: request.path, startedAt: this.deps.network.now() };
    const init: RequestInit = { method, headers, body, signal: timeout.signal, credentials: 'include' };
    try {
      const response = await this.transport(request, this.deps.baseUrl + request.path, init, stillMoving);
      await this.deps.network.responseReceived();
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        // Read a copy: the caller still reads the body itself.
        await this.deps.network.requestFailed(normalizeHttpError(response.status, await readBody(response.clone())), where);
      }
      return response;
    } catch {
      if (request.signal?.aborted) throw cancelledError();
      const error: NormalizedError = this.deps.network.isBrowserOffline() ? offlineError() : networkError();
      await this.deps.network.requestFailed(error, where);
      throw error;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** `fetch`, or for an upload a screen waits on, the transport that reports its progress. */
  private transport(request: HttpRequest, url: string, init: RequestInit, onMoving: () => void): Promise<Response> {
    const { uploadFetch, onUploadProgress } = this.deps;
    if (!request.reportProgress || !request.form || !uploadFetch || !onUploadProgress) return this.deps.fetch(url, init);
    const report = (sent: number, total: number) => {
      onMoving();
      onUploadProgress({ sent, total });
    };
    return uploadFetch(url, init, report).finally(() => onUploadProgress(null));
  }

  private async callRefresh(refresh: string): Promise<RefreshAnswer> {
    const response = await this.attempt({ path: 'auth/jwt/refresh/', json: { refresh } }, 'POST', null, null);
    if (!response.ok) {
      if (response.status >= 500 || response.status === 408 || response.status === 429) throw normalizeHttpError(response.status, await readBody(response));
      return { ok: false };
    }
    const body = (await readBody(response)) as { access?: unknown; refresh?: unknown } | null;
    if (typeof body?.access !== 'string') return { ok: false };
    return { ok: true, access: body.access, refresh: typeof body.refresh === 'string' ? body.refresh : null };
  }
}

/** A file answer: its bytes, its type and the name the server suggests (Content-Disposition). */
async function readBinary(response: Response): Promise<BinaryAnswer> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return {
    bytes: await response.arrayBuffer(),
    type: response.headers.get('content-type') ?? 'application/octet-stream',
    fileName: name === null ? null : safeDecode(name),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** JSON when the server says so, text otherwise, null for an empty body. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  return text;
}

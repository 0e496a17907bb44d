/**
 * Configuration from environment variables, read once at start. Every variable has a safe default
 * so `npm start` works on a fresh clone; README.md lists them all.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP, isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from './private-files.js';

export interface SiteCapabilities {
  /** Locations whose chemicals are tracked (chemical list filter). */
  chemicalLocationIds: number[];
  /** The chemical location that has an inventory report instead of wash data. */
  chemicalReportLocationId: number;
  /** Locations whose parts are tracked (part list filter). */
  partLocationIds: number[];
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Where uploads are kept when `s3` is null. */
  uploadsDir: string;
  /** Uploads in S3-compatible object storage (S3_BUCKET set); null keeps them in uploadsDir. */
  s3: S3Settings | null;
  databaseUrl: string | null;
  /** PostgreSQL schema to use (search_path); lets several test runs share one database. */
  databaseSchema: string | null;
  /** Server processes answering on the one port (node:cluster); 1 serves from this process alone. */
  serverProcesses: number;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  secretKey: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin used in links inside mails. */
  publicUrl: string;
  timeZone: string;
  demoData: boolean;
  site: SiteCapabilities;
  version: { minVersion: string | null; forceUpdate: boolean; message: string | null };
  /** Requests per minute per client address on login, register, reset and contact. */
  authRateLimit: number;
  /** Requests from labels by people without an account (docs/decisions.md: Requests at the label). */
  publicRequests: boolean;
  publicRequestAddressLimit: number;
  publicRequestLabelLimit: number;
  /** Sign-in attempts at one account (from any address) that may fail before it is refused for loginAccountLockMinutes. */
  loginAccountLimit: number;
  /** Minutes from an account's first failed sign-in during which its failures count, and the longest it stays refused. */
  loginAccountLockMinutes: number;
  /** Report mails per minute per user (each mails a PDF to an address the user chooses). */
  reportMailRateLimit: number;
  /** Requests carrying files per minute per user. */
  uploadRateLimit: number;
  /** Notification mails per hour per user; more notices wait and go as one digest (NOTIFY_MAIL_HOURLY_LIMIT). */
  notifyHourlyLimit: number;
  /** Hour of the day (TIME_ZONE, 0–23) the daily digest and the due-task check go out from (NOTIFY_DIGEST_HOUR). */
  notifyDigestHour: number;
  /** Milliseconds between the notification dispatcher's looks at the database in each process (NOTIFY_INTERVAL_S). */
  notifyIntervalMs: number;
  /** Fills, inventory counts and wash records per minute per user, on each of their routes. */
  recordRateLimit: number;
  /** Days the change log keeps a change before compaction; a device whose cursor is older starts its sync over. */
  syncLogRetentionDays: number;
  /** Days a completed work order stays in the working set a device is given on its first sync. */
  syncCompletedDays: number;
  /** Seconds between the comments that keep an idle hint stream open through proxies (below their idle timeouts). */
  syncStreamPingS: number;
  /** What a device may keep of the working set before it drops its oldest completed work orders. */
  syncDeviceBudgetBytes: number;
  /** Bytes of uploaded files one user may keep stored. */
  uploadQuotaBytes: number;
  /** PDF documents (labels, reports) built at once per server process, each in a thread of its own (PDF_THREADS). */
  pdfThreads: number;
  /** PDF documents that may wait for a thread per process; more answer 503 with Retry-After (PDF_QUEUE_LIMIT). */
  pdfQueueLimit: number;
  /** Redis for rate-limit counters shared by every process; null keeps them in each process. */
  redisUrl: string | null;
  /** Prefix of every key this server writes in Redis (several installs may share one Redis). */
  redisKeyPrefix: string;
  trustProxy: boolean;
  /** Milliseconds a client has to send a request's headers. */
  headersTimeoutMs: number;
  /** Milliseconds a client has to send a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Milliseconds a request's body may go without a byte arriving before the request is closed with a 408. */
  bodyIdleTimeoutMs: number;
  /** Connections one client address may hold open at once, per server process; 0 = no limit. */
  maxConnectionsPerAddress: number;
  /** Bearer token that opens /metrics; null keeps it closed to everyone. */
  metricsToken: string | null;
  /** Milliseconds a stopping server gives the requests in flight before it cuts them. */
  shutdownTimeoutMs: number;
  logLevel: string;
  /** Directory of the built client (vite build output). */
  clientDir: string;
}

/** An S3-compatible bucket holding the uploads (S3_* variables). */
export interface S3Settings {
  /** Base URL of the service, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as endpoint/bucket/key rather than bucket.endpoint/key. */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

function intList(value: string | undefined, fallback: number[]): number[] {
  if (!value) return fallback;
  const ids = value.split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`Invalid id list: ${value}`);
  return ids;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function hourOfDay(name: string, value: string | undefined, fallback: number): number {
  const n = nonNegativeInt(name, value, fallback);
  if (n > 23) throw new Error(`${name} must be an hour from 0 to 23, got "${value}"`);
  return n;
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 or more), got "${value}"`);
  return n;
}

/** HEADERS_TIMEOUT_S and REQUEST_TIMEOUT_S; Node refuses a header limit longer than the whole request's. */
function requestTimeouts(env: Env): { headersTimeoutMs: number; requestTimeoutMs: number } {
  const headers = positiveInt('HEADERS_TIMEOUT_S', env.HEADERS_TIMEOUT_S, 30);
  // Five minutes (Node's own default, which Fastify turns off): a 5 MB upload gets through at
  // about 140 kbit/s, slower than a poor mobile uplink.
  const request = positiveInt('REQUEST_TIMEOUT_S', env.REQUEST_TIMEOUT_S, 300);
  if (headers > request) throw new Error(`HEADERS_TIMEOUT_S (${headers}) cannot be longer than REQUEST_TIMEOUT_S (${request}), which counts the headers too`);
  return { headersTimeoutMs: headers * 1000, requestTimeoutMs: request * 1000 };
}

/** METRICS_TOKEN: long enough that guessing it over HTTP is hopeless. */
function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 32 || /\s/.test(value)) throw new Error('METRICS_TOKEN must be at least 32 characters, without spaces (e.g. `openssl rand -hex 32`)');
  return value;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** The secret signing tokens: SECRET_KEY, else one generated once into DATA_DIR so restarts keep sessions. */
function loadSecret(env: Env, dataDir: string): string {
  if (env.SECRET_KEY) {
    if (env.SECRET_KEY.length < 32) throw new Error('SECRET_KEY must be at least 32 characters long');
    return env.SECRET_KEY;
  }
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: PRIVATE_FILE_MODE });
  return secret;
}

/** 127.0.0.0/8 and ::1; BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 rule. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Only this machine can reach a server listening on `host`: localhost or a loopback address, in
 * any spelling (127.0.0.2, ::ffff:127.0.0.1, 0:0:0:0:0:0:0:1). Anything else, names included, may be
 * reachable from elsewhere.
 */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  if (address.toLowerCase() === 'localhost') return true;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** http://HOST:PORT, with an IPv6 address in brackets; an any-address (0.0.0.0, ::) is reached as localhost. */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : isIPv6(host) ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function validTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new Error(`TIME_ZONE is not a valid IANA time zone: ${tz}`);
  }
}

/**
 * S3_BUCKET turns S3-compatible storage on; the keys are then required (a half-configured store
 * would fail on the first upload instead of at start). Without S3_ENDPOINT the bucket is AWS's in
 * S3_REGION, addressed by virtual host; with one (MinIO, Ceph, Garage, …) addressing is by path
 * unless S3_FORCE_PATH_STYLE says otherwise, since such servers rarely have a DNS name per bucket.
 */
function loadS3(env: Env): S3Settings | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    if (env.S3_ENDPOINT) throw new Error('S3_ENDPOINT is set but S3_BUCKET is not: name the bucket that holds the uploads');
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(bucket)) throw new Error(`S3_BUCKET is not a bucket name: ${bucket}`);
  const region = env.S3_REGION || 'us-east-1';
  const endpoint = (env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  if (url.search || url.hash || url.username) throw new Error('S3_ENDPOINT must be a plain base URL (no credentials, query or fragment)');
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  return { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT)) };
}

export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = positiveInt('PORT', env.PORT, 8000);
  const dataDir = resolve(env.DATA_DIR || './data');
  makePrivateDir(dataDir);
  const uploadsDir = join(dataDir, 'uploads');
  makePrivateDir(uploadsDir);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  }
  const schema = env.DATABASE_SCHEMA || null;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('DATABASE_SCHEMA must be a plain lower-case identifier');
  const chemicalReportLocationId = positiveInt('CHEMICAL_REPORT_LOCATION', env.CHEMICAL_REPORT_LOCATION, 3003);
  const serverProcesses = positiveInt('SERVER_PROCESSES', env.SERVER_PROCESSES, availableParallelism());
  const trustProxy = flag(env.TRUST_PROXY, false);
  return {
    host,
    port,
    dataDir,
    uploadsDir,
    s3: loadS3(env),
    databaseUrl,
    databaseSchema: schema,
    serverProcesses,
    // About 20 connections in all whatever the process count, well inside PostgreSQL's default 100.
    databasePoolSize: positiveInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, Math.max(2, Math.ceil(20 / serverProcesses))),
    secretKey: loadSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Maintenance Manager <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL || defaultPublicUrl(host, port)).replace(/\/+$/, ''),
    timeZone: validTimeZone(env.TIME_ZONE || 'UTC'),
    // Demo users have published passwords: on by default only for the embedded database on a loopback address.
    demoData: flag(env.CMMS_DEMO, !databaseUrl && isLoopback(host)),
    site: {
      chemicalLocationIds: intList(env.CHEMICAL_LOCATIONS, [1102, 1104, 1311, 3003]),
      chemicalReportLocationId,
      partLocationIds: intList(env.PART_LOCATIONS, [3003, 3008]),
    },
    version: {
      minVersion: env.MIN_VERSION || null,
      forceUpdate: flag(env.FORCE_UPDATE, false),
      message: env.UPDATE_MESSAGE || null,
    },
    authRateLimit: positiveInt('AUTH_RATE_LIMIT', env.AUTH_RATE_LIMIT, 20),
    publicRequests: flag(env.PUBLIC_REQUESTS, true),
    publicRequestAddressLimit: positiveInt('PUBLIC_REQUEST_ADDRESS_LIMIT', env.PUBLIC_REQUEST_ADDRESS_LIMIT, 10),
    publicRequestLabelLimit: positiveInt('PUBLIC_REQUEST_LABEL_LIMIT', env.PUBLIC_REQUEST_LABEL_LIMIT, 30),
    loginAccountLimit: positiveInt('LOGIN_ACCOUNT_LIMIT', env.LOGIN_ACCOUNT_LIMIT, 10),
    loginAccountLockMinutes: positiveInt('LOGIN_ACCOUNT_LOCK_MINUTES', env.LOGIN_ACCOUNT_LOCK_MINUTES, 15),
    reportMailRateLimit: positiveInt('REPORT_MAIL_RATE_LIMIT', env.REPORT_MAIL_RATE_LIMIT, 5),
    uploadRateLimit: positiveInt('UPLOAD_RATE_LIMIT', env.UPLOAD_RATE_LIMIT, 30),
    notifyHourlyLimit: positiveInt('NOTIFY_MAIL_HOURLY_LIMIT', env.NOTIFY_MAIL_HOURLY_LIMIT, 6),
    notifyDigestHour: hourOfDay('NOTIFY_DIGEST_HOUR', env.NOTIFY_DIGEST_HOUR, 7),
    notifyIntervalMs: positiveInt('NOTIFY_INTERVAL_S', env.NOTIFY_INTERVAL_S, 5) * 1000,
    // Two a second for a minute: far more than a technician types, and a day of records queued
    // offline still syncs (a 429 is retried by the outbox).
    recordRateLimit: positiveInt('RECORD_RATE_LIMIT', env.RECORD_RATE_LIMIT, 120),
    syncLogRetentionDays: positiveInt('SYNC_LOG_RETENTION_DAYS', env.SYNC_LOG_RETENTION_DAYS, 30),
    syncCompletedDays: positiveInt('SYNC_COMPLETED_DAYS', env.SYNC_COMPLETED_DAYS, 30),
    syncStreamPingS: positiveInt('SYNC_STREAM_PING_S', env.SYNC_STREAM_PING_S, 20),
    syncDeviceBudgetBytes: positiveInt('SYNC_DEVICE_BUDGET_MB', env.SYNC_DEVICE_BUDGET_MB, 50) * 1024 * 1024,
    uploadQuotaBytes: positiveInt('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 500) * 1024 * 1024,
    // One thread per process leaves a core to the event loops when SERVER_PROCESSES fills the cores;
    // four waiting behind it keep the longest wait near half a minute (the largest sheet takes ~7 s).
    pdfThreads: positiveInt('PDF_THREADS', env.PDF_THREADS, 1),
    pdfQueueLimit: nonNegativeInt('PDF_QUEUE_LIMIT', env.PDF_QUEUE_LIMIT, 4),
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'cmms:',
    trustProxy,
    ...requestTimeouts(env),
    // Far longer than any pause of a sending client (a mobile uplink's stall lasts seconds), far
    // shorter than REQUEST_TIMEOUT_S, which a slow upload that keeps sending may use up.
    bodyIdleTimeoutMs: positiveInt('BODY_IDLE_TIMEOUT_S', env.BODY_IDLE_TIMEOUT_S, 30) * 1000,
    // A browser keeps up to 6 connections to a site, so 128 leaves room for a team behind one
    // address (NAT). Behind a trusted proxy every connection comes from the proxy: no limit there
    // unless set, the proxy is what faces the clients.
    maxConnectionsPerAddress: nonNegativeInt('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, trustProxy ? 0 : 128),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    // Below the 30 s a process manager commonly waits after SIGTERM before it kills.
    shutdownTimeoutMs: positiveInt('SHUTDOWN_TIMEOUT_S', env.SHUTDOWN_TIMEOUT_S, 25) * 1000,
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist'),
  };
}

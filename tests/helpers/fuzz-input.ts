/**
 * Hostile requests generated from a route's own JSON schemas: a plausible request (so the handler,
 * not only validation, is reached) with one or a few parts made wrong in the ways clients and
 * attackers get them wrong. Deterministic for a seed.
 */
import type { ApiRoute } from '../../src-server/http/openapi.js';
import type { Random } from './seeded-random.js';


const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  nullable?: boolean;
}

/** Text that has broken servers: control and direction characters, surrogates, prototype names, path tricks. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u2066iso\u2069',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{"a":1}',
  '1e309',
  'NaN',
  '-0',
  '9'.repeat(40),
  'Ж'.repeat(300),
  '😀'.repeat(200),
  'x'.repeat(70_000),
];

const NASTY_NUMBERS = [0, -1, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 1_000_000, 999_999.999, Number.MAX_SAFE_INTEGER];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A value that fits the schema, so that other fields' faults are reached. */
function plausible(schema: JsonSchema, random: Random, name: string): unknown {
  if (schema.enum?.length) return pick(random, schema.enum);
  if (schema.anyOf?.length) return plausible(pick(random, schema.anyOf), random, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 3, 1 + Math.floor(random() * 3)));
    case 'boolean':
      return random() < 0.5;
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, random, k)]));
    case 'array':
      return [];
    case 'string': {
      if (/date/.test(name)) return new Date().toISOString().slice(0, 10);
      if (/email/.test(name)) return `fuzz${Math.floor(random() * 1e6)}@example.com`;
      return `fuzz ${name}`.slice(0, schema.maxLength ?? 50);
    }
    default:
      return 'fuzz';
  }
}

/** A value that breaks the schema or sits on its edges. */
function hostile(schema: JsonSchema, random: Random): unknown {
  const edges: unknown[] = [null, true, [], {}, [1, 2], nested(20), pick(random, NASTY_TEXT), pick(random, NASTY_NUMBERS)];
  if (schema.maxLength !== undefined) edges.push('y'.repeat(schema.maxLength + 1), ' '.repeat(schema.maxLength + 5));
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, String(schema.maximum + 1));
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1);
  if (schema.enum?.length) edges.push(`${String(schema.enum[0])} `, String(schema.enum[0]).toLowerCase());
  return pick(random, edges);
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A string or Buffer sent as is (the content type says what it claims to be). */
  payload?: string | Buffer;
}

const PATH_VALUES = ['1', '2', '3', '0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '1e3', '%00', '%2e%2e', ' 1', '0x10', '__proto__'];

function fillPath(url: string, random: Random): string {
  return url.replace(/:(\w+)/g, () => (random() < 0.6 ? String(1 + Math.floor(random() * 5)) : pick(random, PATH_VALUES)));
}

function queryString(schema: JsonSchema | undefined, random: Random): string {
  const params = new URLSearchParams();
  for (const [name, s] of Object.entries(schema?.properties ?? {})) {
    if (random() < 0.5) continue;
    const value = random() < 0.5 ? plausible(s, random, name) : hostile(s, random);
    params.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (random() < 0.3) params.append(pick(random, ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'page']), pick(random, ['\u0000', '1', '[]', 'x'.repeat(5000)]));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function multipart(fields: Record<string, unknown>, random: Random): { body: Buffer; type: string } {
  const boundary = `----fuzz${Math.floor(random() * 1e9)}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`);
  if (random() < 0.5) {
    const name = pick(random, ['photo.png', 'a.pdf', '../../x.png', '\u202Egpj.exe', 'x'.repeat(400), 'doc.pdf\u0000.png']);
    const field = pick(random, ['new_attachments', 'thumbnail', 'file', '__proto__']);
    const data = pick(random, ['\x89PNG\r\n\x1a\n', '%PDF-1.4\n%%EOF\n', 'MZ\x90\x00', 'GIF89a', '']);
    parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: ${pick(random, ['image/png', 'application/pdf', 'text/html', ''])}\r\n\r\n${data}\r\n`);
  }
  let body = parts.join('') + `--${boundary}--\r\n`;
  const damage = random();
  if (damage < 0.15) body = body.slice(0, Math.floor(body.length * random())); // truncated
  const type = damage > 0.85 ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`; // no boundary
  return { body: Buffer.from(body, 'latin1'), type };
}

/** One hostile request for a route. */
export function fuzzRequest(route: ApiRoute, random: Random): FuzzRequest {
  const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
  const headers: Record<string, string> = {};
  const url = fillPath(route.url, random) + queryString(schema.querystring, random);
  const request: FuzzRequest = { method: route.method, url, headers };
  if (random() < 0.3) headers['idempotency-key'] = pick(random, ['fuzz-key-0001', 'short', 'bad key with spaces', 'k'.repeat(300), `fuzz-${Math.floor(random() * 1e9)}`]);
  if (random() < 0.1) headers.host = pick(random, ['a b', 'evil.example', '', 'localhost:99999', '[::1', 'x'.repeat(300)]);
  if (route.method === 'GET' || route.method === 'DELETE') return request;

  const bodySchema = schema.body ?? { type: 'object', properties: {} };
  const body = plausible(bodySchema, random, 'body') as Record<string, unknown>;
  const fields = Object.keys(bodySchema.properties ?? {});
  const faults = 1 + Math.floor(random() * 3);
  for (let i = 0; i < faults; i++) {
    const choice = random();
    if (choice < 0.15 && fields.length) delete body[pick(random, fields)];
    else if (choice < 0.25) body[pick(random, ['__proto__', 'constructor', 'toString', 'id', 'is_staff', 'full_feature_access', 'user_id'])] = pick(random, [true, 1, '\u0000', { polluted: true }]);
    else if (fields.length) {
      const f = pick(random, fields);
      body[f] = hostile(bodySchema.properties![f]!, random);
    }
  }

  const encoding = random();
  if (encoding < 0.6) {
    headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(body);
  } else if (encoding < 0.7) {
    headers['content-type'] = 'application/json';
    request.payload = pick(random, ['{', '{"a":', '[1,2', 'null', '"text"', '1e999', '{"n": 1e999}', '{"a":1,"a":2}', JSON.stringify(nested(3000)), '\u0000']);
  } else if (encoding < 0.8) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    request.payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  } else if (encoding < 0.95) {
    const form = multipart(body, random);
    headers['content-type'] = form.type;
    request.payload = form.body;
  } else {
    headers['content-type'] = pick(random, ['text/plain', 'application/xml', 'image/png', 'application/json; charset=utf-16']);
    request.payload = JSON.stringify(body);
  }
  return request;
}

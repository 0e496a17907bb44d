/**
 * /media/<stored name>: uploaded files, served by this server from whichever store holds them
 * (file-storage.ts), so the URLs, the caching and the sandboxing headers are the same on local disk
 * and in S3, and no bucket needs to be public. The names are unguessable, so a link opened in a
 * new tab works without the Authorization header. GET and HEAD, with the validators and the single
 * byte ranges @fastify/static answered before (ETag, Last-Modified, 304, 206, 416).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageKey, type ByteRange, type FileStorage, type ObjectInfo } from './file-storage.js';

export const MEDIA_PREFIX = '/media/';

// Stored names are never reused for other content, so a browser may keep a file for a week unasked.
const CACHE_CONTROL = 'public, max-age=604800, immutable';

/** The headers a media answer needs: the sandbox on every one, and `attachment` for PDFs. */
export interface MediaHeaders {
  sandbox: boolean;
  attachment: boolean;
}

/**
 * Decides the media headers from the request target, whatever its spelling: absolute-form
 * (`http://host/media/…`), percent-encoded (`/%6Dedia/…`, `.%70df`, even encoded twice),
 * backslashes, doubled slashes and dot segments come to the same path before it is compared. A
 * path counts as media if it is media with its `..` segments resolved or as the router reads them
 * (it does not resolve them). Erring wide is safe: the sandbox and the download header only ever
 * make an answer less able to act.
 */
export function mediaHeadersFor(target: string): MediaHeaders {
  const paths = normalisedPaths(target);
  const sandbox = paths.some((path) => /^\/media(?:\/|$)/i.test(path));
  return { sandbox, attachment: sandbox && paths.some((path) => /\.pdf$/i.test(path)) };
}

/**
 * The path of a request target, percent-decoded until stable, `\` read as `/`, empty and `.`
 * segments dropped (so doubled and trailing slashes too, which the router ignores): once with `..`
 * resolved and once with it kept.
 */
function normalisedPaths(target: string): [string, string] {
  let path = target;
  if (!path.startsWith('/')) {
    // Absolute-form (`GET http://host/path HTTP/1.1`): only the path names the resource.
    try {
      path = new URL(path).pathname;
    } catch {
      path = `/${path}`;
    }
  }
  path = path.replace(/[?#].*$/s, '');
  // Byte by byte, so a malformed escape never throws; the names compared are ASCII.
  for (let i = 0; i < 5; i++) {
    const decoded = path.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
  }
  const kept = path.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.');
  const resolved: string[] = [];
  for (const segment of kept) {
    if (segment === '..') resolved.pop();
    else resolved.push(segment);
  }
  return [`/${resolved.join('/')}`, `/${kept.join('/')}`];
}

export function registerMedia(app: FastifyInstance, storage: FileStorage): void {
  // Stored files are the users' own: a PDF (or anything a browser might run) opened from a link
  // must not run in this origin. PDFs download; every media answer, 404s included, is sandboxed
  // and never sniffed, however its URL was spelled (mediaHeadersFor).
  app.addHook('onSend', async (request, reply, payload) => {
    const media = mediaHeadersFor(request.url);
    if (!media.sandbox) return payload;
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    reply.header('x-content-type-options', 'nosniff');
    if (media.attachment) reply.header('content-disposition', 'attachment');
    return payload;
  });

  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    // Files, not API: left out of the OpenAPI document.
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isStorageKey(key)) return reply.callNotFound();
      const plain = request.method === 'GET' && !request.headers.range && !request.headers['if-none-match'] && !request.headers['if-modified-since'];
      if (plain) {
        // The common case costs one call to the store.
        const object = await storage.get(key);
        if (!object) return reply.callNotFound();
        describe(reply, object.info);
        return reply.code(200).header('content-length', object.info.size).send(object.body);
      }

      const info = await storage.stat(key);
      if (!info) return reply.callNotFound();
      if (notModified(request, info)) return describe(reply, info).removeHeader('content-type').code(304).send();
      const range = wantedRange(request, info);
      if (range === 'unsatisfiable') return describe(reply, info).header('content-range', `bytes */${info.size}`).code(416).send();
      if (request.method === 'HEAD') {
        const length = range ? range.end - range.start + 1 : info.size;
        if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        return describe(reply, info).header('content-length', length).code(range ? 206 : 200).send();
      }
      const object = await storage.get(key, range ?? undefined);
      if (!object) return reply.callNotFound();
      describe(reply, object.info);
      if (!object.range) return reply.code(200).header('content-length', object.info.size).send(object.body);
      const { start, end } = object.range;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${object.info.size}`)
        .header('content-length', end - start + 1)
        .send(object.body);
    },
  });
}

function describe(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  return reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', CACHE_CONTROL)
    .header('last-modified', info.lastModified.toUTCString())
    .header('etag', info.etag)
    .header('content-type', info.contentType);
}

/** Entity tags compared weakly (RFC 9110 13.1.2: If-None-Match ignores W/). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

function notModified(request: FastifyRequest, info: ObjectInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaque(tag) === opaque(info.etag));
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * The one byte range asked for, null for the whole file (no Range, several ranges, a malformed
 * one, or an If-Range naming another version), or 'unsatisfiable' when it starts past the end.
 */
function wantedRange(request: FastifyRequest, info: ObjectInfo): ByteRange | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (!header) return null;
  const ifRange = [request.headers['if-range']].flat()[0];
  if (ifRange && ifRange !== info.etag && Date.parse(ifRange) !== Math.floor(info.lastModified.getTime() / 1000) * 1000) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const last = info.size - 1;
  if (!match[1]) {
    // A suffix: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, info.size - length), end: last };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), last) : last;
  if (start > last) return 'unsatisfiable';
  if (start > end) return null;
  return { start, end };
}

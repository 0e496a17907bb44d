/**
 * A fetch for uploads that reports how much of the body has been sent. `fetch` has no upload
 * progress (a streamed request body needs HTTP/2), so a write carrying photos goes through
 * XMLHttpRequest instead, which the data worker has in both host modes (the service worker has
 * not: it sends its uploads with plain fetch, with no screen waiting on it).
 *
 * The answer is handed back as an ordinary Response, so the API client reads it as any other.
 */
export type UploadProgressListener = (sent: number, total: number) => void;

export type UploadFetch = (url: string, init: RequestInit, onProgress: UploadProgressListener) => Promise<Response>;

/** Null where XMLHttpRequest does not exist (the service worker, Node). */
export function xhrUploadFetch(): UploadFetch | null {
  if (typeof XMLHttpRequest === 'undefined') return null;
  return (url, init, onProgress) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'POST', url);
      xhr.responseType = 'arraybuffer';
      xhr.withCredentials = init.credentials === 'include';
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => resolve(toResponse(xhr));
      // Like fetch: no answer at all is a TypeError, an abort an AbortError.
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      const signal = init.signal;
      if (signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      // The API client sends JSON text or FormData, both of which XMLHttpRequest takes as they are.
      xhr.send((init.body ?? null) as Parameters<XMLHttpRequest['send']>[0]);
    });
}

/** The XHR's answer as a Response: status, headers and the body's bytes untouched. */
function toResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  // A Response may not carry a body with these statuses.
  const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
  return new Response(empty ? null : (xhr.response as ArrayBuffer | null), { status: xhr.status, statusText: xhr.statusText, headers });
}

/**
 * Binary answers (PDF reports): read as bytes, never as text, and handed to the tab by transfer,
 * so a report of several megabytes is moved, not copied, across the worker boundary. An area's
 * call returns `binaryRead(...)`; the tab gets a BinaryAnswer and makes a Blob of its bytes.
 */
import * as Comlink from 'comlink';
import type { BinaryAnswer } from '../../shared/data/protocol.js';
import type { HttpClient, HttpRequest } from '../http/http-client.js';

/** Marks an answer's bytes for transfer when Comlink sends it back to the tab. */
export function transferAnswer(answer: BinaryAnswer): BinaryAnswer {
  return Comlink.transfer(answer, [answer.bytes]);
}

/** Reads a file from the API (GET, or POST for a generated report) and returns it for transfer. */
export async function binaryRead(http: HttpClient, request: Omit<HttpRequest, 'binary'>): Promise<BinaryAnswer> {
  return transferAnswer(await http.request<BinaryAnswer>({ ...request, binary: true }));
}

import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BinaryAnswer } from '../../../shared/data/protocol.js';
import { guardCalls } from '../../../src-worker/core/guard-calls.js';
import { binaryRead } from '../../../src-worker/kit/binary.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
const channels: MessageChannel[] = [];

beforeEach(() => {
  api = createFakeHttp();
  s = createTestServices(api);
});
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
  s.close();
});

/** A PDF-like body with every byte value, so no text decoding could survive unnoticed. */
function pdfBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
  for (let i = 5; i < size; i++) bytes[i] = (i * 7) & 0xff;
  return bytes;
}

function pdfAnswer(bytes: Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes, { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="wash-report March.pdf"' } });
}

describe('binary answers (PDF reports)', () => {
  it('the worker reads the bytes as they are, with their type and file name', async () => {
    const bytes = pdfBytes(300_000);
    api.on('GET', 'reports/wash/?month=3', () => pdfAnswer(bytes));
    const answer = await binaryRead(s.http, { path: 'reports/wash/?month=3' });
    expect(answer.type).toBe('application/pdf');
    expect(answer.fileName).toBe('wash-report March.pdf');
    expect(new Uint8Array(answer.bytes)).toEqual(bytes);
    expect(api.calls[0]!.headers.accept).toBe('*/*');
  });

  it('reaches the tab over Comlink by transfer: same bytes there, none left in the worker', async () => {
    const bytes = pdfBytes(1_000_000);
    api.on('POST', 'reports/wash/', () => pdfAnswer(bytes));
    let workerSide: BinaryAnswer | null = null;
    const workerCalls = guardCalls({
      reports: {
        async pdf() {
          workerSide = await binaryRead(s.http, { method: 'POST', path: 'reports/wash/', json: { month: 3 } });
          return workerSide;
        },
      },
    });
    const channel = new MessageChannel();
    channels.push(channel);
    Comlink.expose(workerCalls, channel.port1);
    // As in the bridge: Comlink's typings model nested groups as promises; the proxy answers like the object.
    const tab = Comlink.wrap<typeof workerCalls>(channel.port2) as unknown as typeof workerCalls;

    const received = await tab.reports.pdf();
    expect(received.type).toBe('application/pdf');
    expect(received.bytes.byteLength).toBe(bytes.byteLength);
    expect(new Uint8Array(received.bytes)).toEqual(bytes);
    // Moved, not copied: the worker's buffer is detached.
    expect(workerSide!.bytes.byteLength).toBe(0);
    const blob = new Blob([received.bytes], { type: received.type });
    expect(blob.size).toBe(bytes.byteLength);
  });

  it('a refused report is an error with the server text, not a file', async () => {
    api.on('GET', 'reports/wash/?month=13', () => json(400, { month: ['Pick a month from 1 to 12.'] }));
    await expect(binaryRead(s.http, { path: 'reports/wash/?month=13' })).rejects.toMatchObject({ type: 'validation', status: 400, fields: { month: ['Pick a month from 1 to 12.'] } });
  });
});

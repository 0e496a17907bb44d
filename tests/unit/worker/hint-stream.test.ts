/** Reading the live hint stream (src-worker/sync/hint-stream.ts): heads in order, whatever the chunking; `end` stops. */
import { describe, expect, it } from 'vitest';
import { readHints } from '../../../src-worker/sync/hint-stream.js';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('the hint stream reader', () => {
  it('takes each head, split anywhere across chunks, and ignores comments and other events', async () => {
    const heads: number[] = [];
    await readHints(streamOf(['retry: 3000\n\nevent: he', 'ad\ndata: 12\n\n: ping\n\nevent: other\ndata: 5\n\nevent: head\nda', 'ta: 13\n\n']), (h) => heads.push(h));
    expect(heads).toEqual([12, 13]);
  });

  it('stops at an end event, and takes no head that is not a number', async () => {
    const heads: number[] = [];
    await readHints(streamOf(['event: head\ndata: x1\n\nevent: head\ndata: 4\n\nevent: end\ndata: token-expired\n\nevent: head\ndata: 9\n\n']), (h) => heads.push(h));
    expect(heads).toEqual([4]);
  });
});

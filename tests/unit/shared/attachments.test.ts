import { describe, expect, it } from 'vitest';
import { QUEUE_ITEM_LIMIT_BYTES, QUEUE_ITEM_OVERHEAD_BYTES } from '../../../shared/constants.js';
import { ATTACHMENT_ACCEPT, formatMegabytes, isAcceptedAttachmentType, queueItemFit, refusedAttachmentMessage } from '../../../shared/data/attachments.js';
import { mutationByteSize } from '../../../shared/data/queue-policy.js';
import { sniffType } from '../../../src-server/http/uploads.js';

const MB = 1024 * 1024;

describe('accepted attachment types', () => {
  it('offers the picker exactly the server list: JPEG, PNG, GIF, WebP and PDF', () => {
    expect(ATTACHMENT_ACCEPT).toBe('image/jpeg,image/png,image/gif,image/webp,application/pdf');
  });

  it('names the same types the server recognises by content', () => {
    const samples: Record<string, Buffer> = {
      'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      'image/gif': Buffer.from('GIF89a', 'latin1'),
      'image/webp': Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'),
      'application/pdf': Buffer.from('%PDF-1.7', 'latin1'),
    };
    const accepted = ATTACHMENT_ACCEPT.split(',');
    for (const type of accepted) expect(sniffType(samples[type]!, accepted)?.type).toBe(type);
    expect(Object.keys(samples).sort()).toEqual([...accepted].sort());
  });

  it('checks a claimed type ignoring case and parameters, and refuses the rest', () => {
    expect(isAcceptedAttachmentType('IMAGE/JPEG')).toBe(true);
    expect(isAcceptedAttachmentType('application/pdf; charset=binary')).toBe(true);
    for (const type of ['image/heic', 'image/svg+xml', 'image/*', 'text/plain', '']) expect(isAcceptedAttachmentType(type)).toBe(false);
  });

  it('names the first refused file in plain words', () => {
    const files = [
      { name: 'pump.jpg', type: 'image/jpeg' },
      { name: 'IMG_0001.HEIC', type: 'image/heic' },
      { name: 'notes.txt', type: 'text/plain' },
    ];
    expect(refusedAttachmentMessage(files)).toBe('"IMG_0001.HEIC" is not an accepted file type. Attach JPEG, PNG, GIF or WebP images or PDF documents.');
    expect(refusedAttachmentMessage(files.slice(0, 1))).toBeNull();
    expect(refusedAttachmentMessage([])).toBeNull();
  });
});

describe('megabytes for people', () => {
  it('shows at most one decimal and rounds up, so an item over the limit never reads as the limit', () => {
    expect(formatMegabytes(5 * MB)).toBe('5 MB');
    expect(formatMegabytes(5 * MB + 1)).toBe('5.1 MB');
    expect(formatMegabytes(7.2 * MB)).toBe('7.2 MB');
    expect(formatMegabytes(12.34 * MB)).toBe('12.4 MB');
    expect(formatMegabytes(0.3 * MB)).toBe('0.3 MB');
  });
});

describe('queue item fit (behaviour §5: payload + attachments + 512 bytes, at most 5 MB)', () => {
  const payload = { location_id: 3, description: 'Compressor leaking oil near the bay door' };

  it('measures the item exactly as the outbox does', () => {
    const sizes = [1_200_000, 900_000, 40_000];
    expect(queueItemFit(payload, sizes)).toEqual({ fits: true, itemBytes: mutationByteSize(payload, sizes) });
  });

  it('accepts an item of exactly 5 MB and refuses one byte more', () => {
    const json = JSON.stringify(payload).length;
    const exact = QUEUE_ITEM_LIMIT_BYTES - json - QUEUE_ITEM_OVERHEAD_BYTES;
    expect(queueItemFit(payload, [exact])).toEqual({ fits: true, itemBytes: QUEUE_ITEM_LIMIT_BYTES });
    const over = queueItemFit(payload, [exact + 1]);
    expect(over).toEqual({
      fits: false,
      itemBytes: QUEUE_ITEM_LIMIT_BYTES + 1,
      message: 'These attachments are too large to save for sending later (5.1 MB of 5 MB). Remove a photo or attach smaller files.',
    });
  });

  it('refuses three unfitted 4 MB phone photos, saying how large they are', () => {
    const result = queueItemFit(payload, [4 * MB, 4 * MB, 4 * MB]);
    expect(result.fits).toBe(false);
    if (!result.fits) expect(result.message).toBe('These attachments are too large to save for sending later (12.1 MB of 5 MB). Remove a photo or attach smaller files.');
  });

  it('counts the typed text too: a long description can tip the item over', () => {
    const sizes = [QUEUE_ITEM_LIMIT_BYTES - 600];
    expect(queueItemFit({ d: '' }, sizes).fits).toBe(true);
    expect(queueItemFit({ d: 'é'.repeat(100) }, sizes).fits).toBe(false);
  });
});

/**
 * Attachments before they leave the form: which types may be chosen (the server's list, so the file
 * picker offers nothing the server refuses) and whether a write with its attachments still fits one
 * outbox item (behaviour §5: payload + attachments + 512 bytes of overhead, at most 5 MB). The data worker
 * downscales photos first (`src-worker/media/`); this check takes the sizes after that.
 */
import { msg } from '../i18n/translate.js';
import { QUEUE_ITEM_LIMIT_BYTES, UPLOAD_ALLOWED_TYPES } from '../constants.js';
import { attachmentTypeRefusedMessage, attachmentsTooLargeMessage } from './messages.js';
import { mutationByteSize } from './queue-policy.js';

/** The types the server stores (`src-server/http/uploads.ts` checks the content against them). */
export const ATTACHMENT_TYPES = UPLOAD_ALLOWED_TYPES;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT: string = ATTACHMENT_TYPES.join(',');

/** A claimed MIME type (parameters and case ignored) that the server accepts. */
export function isAcceptedAttachmentType(type: string): type is AttachmentType {
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return (ATTACHMENT_TYPES as readonly string[]).includes(bare);
}

/**
 * The refusal for the first chosen file the server would not take, or null. The picker's `accept`
 * is only a hint: "All files" and drag and drop bypass it.
 */
export function refusedAttachmentMessage(files: readonly { name: string; type: string }[]): string | null {
  const refused = files.find((f) => !isAcceptedAttachmentType(f.type));
  return refused ? attachmentTypeRefusedMessage(refused.name || 'attachment') : null;
}

/** A record's picture (an asset's thumbnail): the images among the accepted types. */
export const IMAGE_ACCEPT: string = ATTACHMENT_TYPES.filter((t) => t.startsWith('image/')).join(',');

/** The server's refusal of a picture that is not one of those images, said before sending too. */
export const IMAGE_REFUSED_MESSAGE = msg('Upload a valid image: JPEG, PNG, GIF or WebP.');

export function isAcceptedImageType(type: string): boolean {
  return isAcceptedAttachmentType(type) && type.toLowerCase().trim().startsWith('image/');
}

const MEGABYTE = 1024 * 1024;

/**
 * Megabytes with at most one decimal, rounded up: an item one byte over 5 MB reads "5.1 MB", never
 * "5 MB of 5 MB".
 */
export function formatMegabytes(bytes: number): string {
  const tenths = Math.ceil((bytes / MEGABYTE) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

export type QueueItemFit = { fits: true; itemBytes: number } | { fits: false; itemBytes: number; message: string };

/**
 * Whether a write with these (already downscaled) attachments fits one outbox item, measured as the
 * outbox measures it. When it does not, the message tells the user what to do, before anything is
 * stored and without touching what they typed.
 */
export function queueItemFit(payload: unknown, attachmentSizes: readonly number[]): QueueItemFit {
  const itemBytes = mutationByteSize(payload, attachmentSizes);
  if (itemBytes <= QUEUE_ITEM_LIMIT_BYTES) return { fits: true, itemBytes };
  return { fits: false, itemBytes, message: attachmentsTooLargeMessage(formatMegabytes(itemBytes), formatMegabytes(QUEUE_ITEM_LIMIT_BYTES)) };
}

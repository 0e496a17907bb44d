/**
 * Photos made to fit (docs/decisions.md: Photos are downscaled in the worker): a phone photo (12 megapixels, about 4 MB) is downscaled
 * in the data worker, never in a tab, before a write is sent or stored, so an order with several
 * photos fits one outbox item (5 MB).
 *
 * The rules:
 * - JPEG, PNG and WebP whose long edge exceeds 2,048 px, or that weigh more than 1 MB, are drawn at
 *   a long edge of at most 2,048 px and encoded again in their own type (JPEG and WebP at quality
 *   0.85; PNG stays lossless so transparency and line drawings survive). The type never changes, so
 *   the file name is kept as it is.
 * - EXIF orientation is applied while decoding: the new file is stored upright and carries no EXIF
 *   (which also drops the photo's location and camera data).
 * - GIF (possibly animated; one frame would survive) and PDF are left untouched, byte for byte.
 * - The result is used only when it is smaller than the original. Anything this browser cannot
 *   decode or encode keeps the original: a file is never lost or made larger here.
 */
import type { BlobLike } from '../../shared/data/protocol.js';

/** The longest side of a fitted image, in pixels. */
export const FIT_LONG_EDGE_PX = 2048;
/** An image within the long edge and at most this heavy is sent as it is. */
export const FIT_KEEP_BYTES = 1024 * 1024;
/** JPEG and WebP quality of a fitted image. */
export const FIT_QUALITY = 0.85;

const FITTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
type FittedType = (typeof FITTED_TYPES)[number];

const TYPE_BY_EXTENSION: Record<string, FittedType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A file as the write paths carry it (`NewWorkOrder.files`, outbox attachments). */
export interface AttachmentFile {
  name: string;
  type: string;
  blob: BlobLike;
}

export interface FittedImage {
  name: string;
  type: string;
  blob: Blob;
}

/** The type to keep, from the blob's claimed type, else (a blob without one) from the name. */
function fittedTypeOf(blob: Blob, name: string): FittedType | null {
  const claimed = blob.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (claimed) return (FITTED_TYPES as readonly string[]).includes(claimed) ? (claimed as FittedType) : null;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/** The image drawn at most FIT_LONG_EDGE_PX long and encoded as `type`, or null when it should stay. */
async function downscale(blob: Blob, type: FittedType): Promise<Blob | null> {
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (longEdge <= FIT_LONG_EDGE_PX && blob.size <= FIT_KEEP_BYTES) return null;
    const scale = Math.min(1, FIT_LONG_EDGE_PX / longEdge);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const fitted = await canvas.convertToBlob(type === 'image/png' ? { type } : { type, quality: FIT_QUALITY });
    // A browser that cannot write the type (WebP in some) answers with PNG instead: keep the original.
    return fitted.type === type ? fitted : null;
  } finally {
    bitmap.close();
  }
}

/** One file made to fit, or the original (same blob) when it is not a photo or would not shrink. */
export async function fitImage(blob: Blob, name: string): Promise<FittedImage> {
  const original: FittedImage = { name, type: blob.type, blob };
  const type = fittedTypeOf(blob, name);
  if (!type || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return original;
  try {
    const fitted = await downscale(blob, type);
    return fitted && fitted.size < blob.size ? { name, type, blob: fitted } : original;
  } catch {
    // Undecodable or too large to decode here: the original is sent, and the server judges it.
    return original;
  }
}

/**
 * Every file of a write made to fit, in order. One at a time: a decoded 12-megapixel photo holds
 * about 48 MB. A file that stays keeps its own entry (same object, same blob).
 */
export async function fitAttachments<T extends AttachmentFile>(files: readonly T[]): Promise<(T | FittedImage)[]> {
  const fitted: (T | FittedImage)[] = [];
  for (const file of files) {
    if (!(typeof Blob === 'function' && file.blob instanceof Blob)) {
      fitted.push(file);
      continue;
    }
    const image = await fitImage(file.blob, file.name);
    fitted.push(image.blob === file.blob ? file : image);
  }
  return fitted;
}

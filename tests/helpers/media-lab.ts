/**
 * The page side of the photo-fitting browser tests, bundled by the spec and run in Chromium: it
 * makes test files with the browser's own encoders (OffscreenCanvas), hands them to the real
 * fitting code inside a dedicated worker (`media-fit-worker.ts`) and measures what comes back. Files
 * stay in the page under a key; only numbers and flags travel to the test.
 */
import type { FitReply, FitRequest } from './media-fit-worker';

interface LabFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface LabFileInfo {
  name: string;
  type: string;
  size: number;
  /** Decoded as a browser shows it (EXIF orientation applied); null when not an image it decodes. */
  width: number | null;
  height: number | null;
}

export interface LabFitResult {
  /** Time the worker took for all files. */
  workerMs: number;
  /** The longest the page's own timer was held up while the worker fitted. */
  pageMaxGapMs: number;
  files: { before: LabFileInfo; after: LabFileInfo; sameBytes: boolean }[];
}

export interface PhotoOptions {
  quality: number;
  /** Amplitude of the per-pixel sensor-like noise, 0 to 255. */
  noise: number;
  seed: number;
}

const files = new Map<string, LabFile>();
let worker: Worker | null = null;

function stored(key: string): LabFile {
  const file = files.get(key);
  if (!file) throw new Error(`No file "${key}" in the lab`);
  return file;
}

/** xorshift32: the same noise on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

function canvas2d(width: number, height: number): { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  return { canvas, context };
}

/** Something like a photo: a sky gradient, a few shapes, and noise that makes it heavy. */
function paintScene(context: OffscreenCanvasRenderingContext2D, width: number, height: number, options: PhotoOptions): void {
  const sky = context.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#5b8bd9');
  sky.addColorStop(0.6, '#d8e4f0');
  sky.addColorStop(1, '#6b5a3e');
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  const next = random(options.seed);
  for (let i = 0; i < 40; i++) {
    context.fillStyle = `hsl(${Math.floor(next() * 360)} 45% ${30 + Math.floor(next() * 40)}%)`;
    context.fillRect(next() * width, next() * height, (next() * width) / 4, (next() * height) / 4);
  }
  if (options.noise <= 0) return;
  const image = context.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const n = (next() - 0.5) * options.noise;
    data[i] = data[i]! + n;
    data[i + 1] = data[i + 1]! + n + (next() - 0.5) * options.noise * 0.5;
    data[i + 2] = data[i + 2]! + n;
  }
  context.putImageData(image, 0, 0);
}

/** The bytes of an EXIF APP1 segment holding only Orientation (tag 0x0112, SHORT) = `value`. */
function exifOrientationSegment(value: number): Uint8Array<ArrayBuffer> {
  const tiff = [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF header, IFD0 at offset 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00], // Orientation, SHORT, 1 value
    ...[0x00, 0x00, 0x00, 0x00], // no further IFD
  ];
  const body = [...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], ...tiff]; // "Exif\0\0"
  const length = body.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/**
 * A GIF89a with a logical screen of `width` × `height` and two 1 × 1 frames that loop: an
 * animation, and large enough that a photo of that size would be downscaled.
 */
function animatedGif(width: number, height: number): Uint8Array<ArrayBuffer> {
  const le = (n: number) => [n & 0xff, n >> 8];
  const frame = (colour: number) => [
    ...[0x21, 0xf9, 0x04, 0x00, 0x32, 0x00, 0x00, 0x00], // graphic control: 0.5 s
    ...[0x2c, ...le(0), ...le(0), ...le(1), ...le(1), 0x00], // image descriptor, 1 × 1
    ...[0x02, 0x02, 0x44 | (colour << 3), 0x01, 0x00], // LZW, 3-bit codes: clear (4), colour, end (5)
  ];
  return new Uint8Array([
    ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // GIF89a
    ...le(width),
    ...le(height),
    ...[0x80, 0x00, 0x00], // global colour table of 2 entries
    ...[0xff, 0x00, 0x00, 0x00, 0x00, 0xff],
    ...[0x21, 0xff, 0x0b, ...Array.from('NETSCAPE2.0', (c) => c.charCodeAt(0)), 0x03, 0x01, 0x00, 0x00, 0x00], // loop forever
    ...frame(0),
    ...frame(1),
    0x3b,
  ]);
}

async function info(file: LabFile): Promise<LabFileInfo> {
  let width: number | null = null;
  let height: number | null = null;
  try {
    const bitmap = await createImageBitmap(file.blob, { imageOrientation: 'from-image' });
    width = bitmap.width;
    height = bitmap.height;
    bitmap.close();
  } catch {
    // Not an image this browser decodes (a PDF, a broken file).
  }
  return { name: file.name, type: file.blob.type, size: file.blob.size, width, height };
}

async function sameBytes(a: Blob, b: Blob): Promise<boolean> {
  if (a.size !== b.size) return false;
  const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  return left.every((byte, i) => byte === right[i]);
}

function fitInWorker(request: FitRequest): Promise<FitReply> {
  const current = worker;
  if (!current) throw new Error('Call start() first');
  return new Promise((resolve, reject) => {
    current.onmessage = (event: MessageEvent<FitReply>) => resolve(event.data);
    current.onerror = (event) => reject(new Error(event.message));
    current.postMessage(request);
  });
}

const lab = {
  /** Starts the fitting worker from its bundled code. */
  start(workerCode: string): void {
    const url = URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' }));
    worker = new Worker(url);
  },

  async photo(key: string, name: string, type: 'image/jpeg' | 'image/png' | 'image/webp', width: number, height: number, options: PhotoOptions): Promise<LabFileInfo> {
    const { canvas, context } = canvas2d(width, height);
    paintScene(context, width, height, options);
    const blob = await canvas.convertToBlob({ type, quality: options.quality });
    if (blob.type !== type) throw new Error(`This browser cannot write ${type}`);
    files.set(key, { name, type, blob });
    return info(files.get(key)!);
  },

  /** A PNG with a transparent margin around an opaque middle. */
  async transparentPng(key: string, name: string, width: number, height: number): Promise<LabFileInfo> {
    const { canvas, context } = canvas2d(width, height);
    paintScene(context, width, height, { quality: 1, noise: 8, seed: 7 });
    context.clearRect(0, 0, width, height / 10);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    files.set(key, { name, type: 'image/png', blob });
    return info(files.get(key)!);
  },

  /**
   * A JPEG whose stored pixels are landscape (left half red, right half blue) with EXIF
   * Orientation 6 ("rotate 90° clockwise to show"): shown upright it is portrait, red on top.
   */
  async rotatedJpeg(key: string, name: string, width: number, height: number): Promise<LabFileInfo> {
    const { canvas, context } = canvas2d(width, height);
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, width / 2, height);
    context.fillStyle = '#0000ff';
    context.fillRect(width / 2, 0, width / 2, height);
    const plain = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    if (plain[0] !== 0xff || plain[1] !== 0xd8) throw new Error('Not a JPEG');
    // The EXIF segment goes right after the start-of-image marker, where cameras put it.
    const blob = new Blob([plain.subarray(0, 2), exifOrientationSegment(6), plain.subarray(2)], { type: 'image/jpeg' });
    files.set(key, { name, type: 'image/jpeg', blob });
    return info(files.get(key)!);
  },

  async gif(key: string, name: string, width: number, height: number): Promise<LabFileInfo> {
    files.set(key, { name, type: 'image/gif', blob: new Blob([animatedGif(width, height)], { type: 'image/gif' }) });
    return info(files.get(key)!);
  },

  /** A PDF-shaped file of about `bytes` bytes (never decoded; only its bytes matter). */
  pdf(key: string, name: string, bytes: number): Promise<LabFileInfo> {
    const filler = new Uint8Array(bytes).map((_, i) => 0x20 + (i % 90));
    const blob = new Blob(['%PDF-1.4\n', filler, '\n%%EOF\n'], { type: 'application/pdf' });
    files.set(key, { name, type: 'application/pdf', blob });
    return info(files.get(key)!);
  },

  /** Bytes that claim to be a JPEG but are not one. */
  broken(key: string, name: string, bytes: number): Promise<LabFileInfo> {
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(bytes).fill(0x5a)], { type: 'image/jpeg' });
    files.set(key, { name, type: 'image/jpeg', blob });
    return info(files.get(key)!);
  },

  /**
   * Fits the stored files in the worker, keeps the results under `<key>:fitted`, and watches the
   * page's own timer meanwhile: a page that fitted on its main thread would stall it.
   */
  async fit(keys: string[]): Promise<LabFitResult> {
    const inputs = keys.map(stored);
    let last = performance.now();
    let pageMaxGapMs = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      pageMaxGapMs = Math.max(pageMaxGapMs, now - last);
      last = now;
    }, 10);
    let reply: FitReply;
    try {
      reply = await fitInWorker({ files: inputs });
    } finally {
      clearInterval(timer);
    }
    const results: LabFitResult['files'] = [];
    for (const [i, key] of keys.entries()) {
      const after = reply.fitted[i] as LabFile;
      files.set(`${key}:fitted`, after);
      results.push({ before: await info(inputs[i]!), after: await info(after), sameBytes: await sameBytes(inputs[i]!.blob, after.blob) });
    }
    return { workerMs: reply.ms, pageMaxGapMs, files: results };
  },

  /** RGBA at relative positions (0..1) of the image as shown (EXIF orientation applied). */
  async pixels(key: string, points: [number, number][]): Promise<number[][]> {
    const bitmap = await createImageBitmap(stored(key).blob, { imageOrientation: 'from-image' });
    const { context } = canvas2d(bitmap.width, bitmap.height);
    context.drawImage(bitmap, 0, 0);
    const result = points.map(([x, y]) => {
      const px = Math.min(bitmap.width - 1, Math.floor(x * bitmap.width));
      const py = Math.min(bitmap.height - 1, Math.floor(y * bitmap.height));
      return Array.from(context.getImageData(px, py, 1, 1).data);
    });
    bitmap.close();
    return result;
  },
};

export type MediaLab = typeof lab;

declare global {
  interface Window {
    mediaLab: MediaLab;
  }
}

window.mediaLab = lab;

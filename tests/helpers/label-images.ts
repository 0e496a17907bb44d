/**
 * Label sheets as a reader sees them: a page drawn to pixels by poppler's `pdftoppm` (as a printer
 * would), each label's QR code read back with jsQR (the decoder the app loads where the browser has
 * no BarcodeDetector), and a label made into a fake camera's video (Y4M) for the browser tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SHEET_LAYOUT } from '../../src-server/labels/label-sheet.js';

export const RENDER_DPI = 150;

/** One page of a PDF as pixels (RGBA), drawn at `dpi`. */
export function renderPage(pdf: Buffer, page = 1, dpi = RENDER_DPI): PNG {
  const dir = mkdtempSync(join(tmpdir(), 'cmms-label-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    return PNG.sync.read(readFileSync(join(dir, 'page.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the label at `place` (0–29, across then down) is on a page drawn at `dpi`, in pixels. */
export function labelBox(place: number, dpi = RENDER_DPI): Box {
  const scale = dpi / 72;
  const column = place % SHEET_LAYOUT.columns;
  const row = Math.floor(place / SHEET_LAYOUT.columns);
  return {
    x: Math.round((SHEET_LAYOUT.left + column * SHEET_LAYOUT.columnPitch) * scale),
    y: Math.round((SHEET_LAYOUT.top + row * SHEET_LAYOUT.labelHeight) * scale),
    width: Math.round(SHEET_LAYOUT.labelWidth * scale),
    height: Math.round(SHEET_LAYOUT.labelHeight * scale),
  };
}

/** The pixels of `box` on a white margin of `pad` pixels (a QR code needs its quiet zone to be found). */
export function crop(image: PNG, box: Box, pad = 0): PNG {
  const out = new PNG({ width: box.width + 2 * pad, height: box.height + 2 * pad });
  out.data.fill(255);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const from = ((box.y + y) * image.width + box.x + x) * 4;
      const to = ((y + pad) * out.width + x + pad) * 4;
      image.data.copy(out.data, to, from, from + 4);
    }
  }
  return out;
}

/** The text of the QR code in `image`, or null when none is read. */
export function readQr(image: PNG): string | null {
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  return found?.data ?? null;
}

/** The QR code of the label at `place` on a drawn page. */
export function readLabelQr(page: PNG, place: number): string | null {
  return readQr(crop(page, labelBox(place), 16));
}

/** `image` scaled (nearest pixel) and centred on a white frame of `width` × `height`. */
function fitInto(image: PNG, width: number, height: number): PNG {
  const scale = Math.min(width / image.width, height / image.height);
  const w = Math.floor(image.width * scale);
  const h = Math.floor(image.height * scale);
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  const out = new PNG({ width, height });
  out.data.fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      image.data.copy(out.data, ((y + top) * width + x + left) * 4, from, from + 4);
    }
  }
  return out;
}

/**
 * A Y4M video (what Chromium's `--use-file-for-fake-video-capture` plays, looping) showing `image`
 * still, centred on white: 4:2:0 planes from the pixels' BT.601 luma and chroma.
 */
export function stillVideo(image: PNG, width = 640, height = 480, frames = 10): Buffer {
  const frame = fitInto(image, width, height);
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 4;
      const [r, g, b] = [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
      y[row * width + col] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
        v[c] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
      }
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n', 'ascii'), y, u, v);
  return Buffer.concat(parts);
}

/**
 * Phone-like photos for the shift's work orders, made once per run by the browser's own JPEG
 * encoder in a blank page of a context of their own (unthrottled, outside every figure), the way
 * tests/e2e/workorders-photos-offline.spec.ts makes its photos: a gradient, a few shapes and
 * sensor-like noise, which keeps them as heavy as a real photo of that size.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { installNameShim } from './client-probe.js';

/**
 * A photo on disk: handed to the file input by path, as a phone's picker hands over a file. (Given
 * as bytes, Playwright would build the File inside the page from base64, a second of the page's
 * main thread at 4× that is the harness's, not the app's.)
 */
export interface Photo {
  name: string;
  path: string;
  bytes: number;
}

export async function makePhotos(browser: Browser, count: number, width: number, height: number): Promise<Photo[]> {
  const dir = mkdtempSync(join(tmpdir(), 'shift-photos-'));
  const context = await browser.newContext();
  try {
    await installNameShim(context);
    const page = await context.newPage();
    const photos: Photo[] = [];
    for (let seed = 1; seed <= count; seed++) {
      const base64 = await page.evaluate(
        async ({ seed, width, height }) => {
          const canvas = new OffscreenCanvas(width, height);
          const context = canvas.getContext('2d')!;
          const sky = context.createLinearGradient(0, 0, 0, height);
          sky.addColorStop(0, '#5b8bd9');
          sky.addColorStop(0.6, '#d8e4f0');
          sky.addColorStop(1, '#6b5a3e');
          context.fillStyle = sky;
          context.fillRect(0, 0, width, height);
          let state = (seed * 2654435761) >>> 0 || 1;
          const next = () => {
            state = (Math.imul(state, 1103515245) + 12345) >>> 0;
            return state / 0x1_0000_0000;
          };
          for (let i = 0; i < 40; i++) {
            context.fillStyle = `hsl(${Math.floor(next() * 360)} 45% ${30 + Math.floor(next() * 40)}%)`;
            context.fillRect(next() * width, next() * height, (next() * width) / 4, (next() * height) / 4);
          }
          const image = context.getImageData(0, 0, width, height);
          for (let i = 0; i < image.data.length; i += 4) {
            const n = Math.floor(next() * 24) - 12;
            image.data[i] = image.data[i]! + n;
            image.data[i + 1] = image.data[i + 1]! + n;
            image.data[i + 2] = image.data[i + 2]! + n;
          }
          context.putImageData(image, 0, 0);
          const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(binary);
        },
        { seed, width, height },
      );
      const name = `IMG_${String(2000 + seed).padStart(4, '0')}.jpg`;
      const buffer = Buffer.from(base64, 'base64');
      writeFileSync(join(dir, name), buffer);
      photos.push({ name, path: join(dir, name), bytes: buffer.length });
    }
    return photos;
  } finally {
    await context.close();
  }
}

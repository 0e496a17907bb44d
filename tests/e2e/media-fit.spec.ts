/**
 * Photos made to fit (src-worker/media/), in real Chromium: Node has no OffscreenCanvas or
 * createImageBitmap. The real module is bundled and run in a dedicated worker, as in the data
 * worker; the test files are made by the browser's own encoders on a page of their own (it needs
 * nothing from the app, so it is served by a route rather than the app's origin).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { queueItemFit } from '../../shared/data/attachments';
import type { LabFileInfo } from '../helpers/media-lab';

const MB = 1024 * 1024;
const LAB_ORIGIN = 'http://media.localhost';

async function bundle(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'chrome120', logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

let bundles: Promise<{ lab: string; worker: string }> | null = null;
function labBundles(): Promise<{ lab: string; worker: string }> {
  bundles ??= Promise.all([bundle('tests/helpers/media-lab.ts'), bundle('tests/helpers/media-fit-worker.ts')]).then(([lab, worker]) => ({ lab, worker }));
  return bundles;
}

const test = base.extend<{ lab: Page }>({
  lab: async ({ page }, use) => {
    const { lab, worker } = await labBundles();
    await page.route(`${LAB_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Media</title>' }));
    await page.goto(`${LAB_ORIGIN}/`);
    await page.addScriptTag({ content: lab });
    await page.evaluate((code) => window.mediaLab.start(code), worker);
    await use(page);
  },
});

function longEdge(info: LabFileInfo): number {
  return Math.max(info.width ?? 0, info.height ?? 0);
}

test('three 4 MB phone photos are downscaled to JPEGs of 2,048 px that fit one outbox item together', async ({ lab }) => {
  const made = await lab.evaluate(() =>
    Promise.all([1, 2, 3].map((i) => window.mediaLab.photo(`photo${i}`, `IMG_000${i}.jpg`, 'image/jpeg', 4000, 3000, { noise: 30, quality: 0.9, seed: i }))),
  );
  for (const photo of made) {
    expect(photo).toMatchObject({ type: 'image/jpeg', width: 4000, height: 3000 });
    expect(photo.size).toBeGreaterThan(3.5 * MB);
  }
  const payload = { location_id: 1, description: 'Leaking valve in the wash bay, photos attached' };
  expect(queueItemFit(payload, made.map((p) => p.size)).fits).toBe(false);

  const fit = await lab.evaluate(() => window.mediaLab.fit(['photo1', 'photo2', 'photo3']));
  for (const [i, { before, after, sameBytes }] of fit.files.entries()) {
    expect(after).toMatchObject({ name: `IMG_000${i + 1}.jpg`, type: 'image/jpeg', width: 2048, height: 1536 });
    expect(sameBytes).toBe(false);
    expect(after.size).toBeLessThan(before.size / 3);
  }
  const fitted = fit.files.map((f) => f.after.size);
  expect(queueItemFit(payload, fitted)).toEqual({ fits: true, itemBytes: expect.any(Number) });
  test.info().annotations.push({
    type: 'measured',
    description: `sizes ${made.map((p) => p.size).join(', ')} B → ${fitted.join(', ')} B; worker ${Math.round(fit.workerMs)} ms for three; longest page stall ${Math.round(fit.pageMaxGapMs)} ms`,
  });
});

test('EXIF orientation is applied: a photo stored sideways comes out upright, red half on top', async ({ lab }) => {
  // Stored 3000 × 2000, left half red; Orientation 6 shows it 2000 × 3000 with the red half on top.
  const before = await lab.evaluate(() => window.mediaLab.rotatedJpeg('sideways', 'sideways.jpg', 3000, 2000));
  expect(before).toMatchObject({ width: 2000, height: 3000 });

  const fit = await lab.evaluate(() => window.mediaLab.fit(['sideways']));
  const { after } = fit.files[0]!;
  expect(after).toMatchObject({ name: 'sideways.jpg', type: 'image/jpeg', width: 1365, height: 2048 });
  const [top, bottom] = await lab.evaluate(() =>
    window.mediaLab.pixels('sideways:fitted', [
      [0.5, 0.1],
      [0.5, 0.9],
    ]),
  );
  expect(top!.slice(0, 3)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
  expect(bottom!.slice(0, 3)).toEqual([expect.closeTo(0, -1), expect.closeTo(0, -1), expect.closeTo(255, -1)]);
});

test('a small photo with EXIF orientation is sent as it is and still shows upright', async ({ lab }) => {
  await lab.evaluate(() => window.mediaLab.rotatedJpeg('small-sideways', 'small.jpg', 600, 400));
  const fit = await lab.evaluate(() => window.mediaLab.fit(['small-sideways']));
  const { after, sameBytes } = fit.files[0]!;
  expect(sameBytes).toBe(true);
  expect(after).toMatchObject({ name: 'small.jpg', type: 'image/jpeg', width: 400, height: 600 });
});

test('PNG stays PNG (transparency kept) and WebP stays WebP, both at 2,048 px and smaller', async ({ lab }) => {
  await lab.evaluate(async () => {
    await window.mediaLab.photo('screen', 'screen.png', 'image/png', 3000, 2000, { noise: 8, quality: 1, seed: 5 });
    await window.mediaLab.transparentPng('cutout', 'cutout.png', 2400, 1600);
    await window.mediaLab.photo('webp', 'pump.webp', 'image/webp', 3000, 2000, { noise: 30, quality: 0.9, seed: 6 });
  });
  const fit = await lab.evaluate(() => window.mediaLab.fit(['screen', 'cutout', 'webp']));
  const [screen, cutout, webp] = fit.files;
  expect(screen!.after).toMatchObject({ name: 'screen.png', type: 'image/png', width: 2048, height: 1365 });
  expect(cutout!.after).toMatchObject({ name: 'cutout.png', type: 'image/png', width: 2048, height: 1365 });
  expect(webp!.after).toMatchObject({ name: 'pump.webp', type: 'image/webp', width: 2048, height: 1365 });
  for (const file of fit.files) {
    expect(file.after.size).toBeLessThan(file.before.size);
    expect(longEdge(file.after)).toBe(2048);
  }
  // The top tenth of the cut-out was cleared: still see-through after fitting; the middle is opaque.
  const [clear, opaque] = await lab.evaluate(() =>
    window.mediaLab.pixels('cutout:fitted', [
      [0.5, 0.03],
      [0.5, 0.5],
    ]),
  );
  expect(clear![3]).toBe(0);
  expect(opaque![3]).toBe(255);
});

test('GIFs, PDFs and undecodable images are left untouched, byte for byte', async ({ lab }) => {
  const made = await lab.evaluate(async () => [
    await window.mediaLab.gif('gif', 'spinner.gif', 4000, 3000),
    await window.mediaLab.pdf('pdf', 'manual.pdf', 1.5 * 1024 * 1024),
    await window.mediaLab.broken('broken', 'broken.jpg', 2 * 1024 * 1024),
  ]);
  // The GIF is one a photo rule would shrink (4000 × 3000): it stays because it may be animated.
  expect(made[0]).toMatchObject({ width: 4000, height: 3000 });
  const fit = await lab.evaluate(() => window.mediaLab.fit(['gif', 'pdf', 'broken']));
  for (const { before, after, sameBytes } of fit.files) {
    expect(sameBytes).toBe(true);
    expect(after).toEqual(before);
  }
});

test('images within 2,048 px and under 1 MB, and ones that would only grow, are sent as they are', async ({ lab }) => {
  const made = await lab.evaluate(async () => [
    await window.mediaLab.photo('small', 'small.jpg', 'image/jpeg', 800, 600, { noise: 30, quality: 0.9, seed: 8 }),
    // Within 2,048 px but over 1 MB, because it is noisy at a low quality: encoding it at 0.85 would
    // make it larger, so the original is kept.
    await window.mediaLab.photo('grainy', 'grainy.jpg', 'image/jpeg', 2048, 1536, { noise: 160, quality: 0.65, seed: 9 }),
    // Over 2,048 px, but flat colours compress so well that the smoothed, smaller drawing is larger.
    await window.mediaLab.photo('diagram', 'diagram.png', 'image/png', 3000, 2000, { noise: 0, quality: 1, seed: 5 }),
  ]);
  expect(longEdge(made[2]!)).toBe(3000);
  expect(made[1]!.size).toBeGreaterThan(1024 * 1024);
  const fit = await lab.evaluate(() => window.mediaLab.fit(['small', 'grainy', 'diagram']));
  for (const [i, { after, sameBytes }] of fit.files.entries()) {
    expect(sameBytes).toBe(true);
    expect(after).toEqual(made[i]);
  }
});

test('a heavy image already within 2,048 px is encoded again at its own size when that makes it smaller', async ({ lab }) => {
  const made = await lab.evaluate(() => window.mediaLab.photo('heavy', 'heavy.jpg', 'image/jpeg', 2000, 1500, { noise: 40, quality: 1, seed: 10 }));
  expect(made.size).toBeGreaterThan(1024 * 1024);
  const fit = await lab.evaluate(() => window.mediaLab.fit(['heavy']));
  const { after, sameBytes } = fit.files[0]!;
  expect(sameBytes).toBe(false);
  expect(after).toMatchObject({ name: 'heavy.jpg', type: 'image/jpeg', width: 2000, height: 1500 });
  expect(after.size).toBeLessThan(made.size);
});

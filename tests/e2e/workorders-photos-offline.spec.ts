/**
 * Photos made to fit on the real write path: three phone-sized photos (about 4 MB each, 12 MB
 * together, over the queue's 5 MB item limit) attached to a work order created offline are made
 * smaller in the data worker, queued as one item, and reach the server with the order.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const MB = 1024 * 1024;

/** A noisy 4000 × 3000 JPEG made by the browser's own encoder (noise keeps it about 4 MB). */
async function phonePhoto(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (seed) => {
    const width = 4000;
    const height = 3000;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, '#5b8bd9');
    sky.addColorStop(1, '#6b5a3e');
    context.fillStyle = sky;
    context.fillRect(0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    let state = (seed * 2654435761) >>> 0;
    const noise = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return ((state >>> 16) % 48) - 24;
    };
    for (let i = 0; i < image.data.length; i += 4) {
      image.data[i] = image.data[i]! + noise();
      image.data[i + 1] = image.data[i + 1]! + noise();
      image.data[i + 2] = image.data[i + 2]! + noise();
    }
    context.putImageData(image, 0, 0);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, seed);
  return Buffer.from(base64, 'base64');
}

test('three 4 MB photos attached offline: the order syncs with its three downscaled photos', async ({ page, network }) => {
  test.setTimeout(120_000);
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Photo Yard'));
  const description = unique('Cracked hose reel, photos attached');

  await signIn(page, SUPERVISOR);
  await page.goto('/workorder-create');
  await chooseOption(page, 'Location', location.name);
  await serviceWorkerReady(page);
  const photos = [];
  for (const seed of [1, 2, 3]) photos.push({ name: `IMG_000${seed}.jpg`, mimeType: 'image/jpeg', buffer: await phonePhoto(page, seed) });
  for (const photo of photos) expect(photo.buffer.length).toBeGreaterThan(3.5 * MB);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Attachments').setInputFiles(photos);
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(toast(page, "You're offline. We'll submit this work order automatically once the connection is back.")).toBeVisible({ timeout: 30_000 });
  await expect(activityBadge(page)).toHaveText('1');
  expect(await api.findWorkOrders(description)).toHaveLength(0);

  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  const created = await api.findWorkOrders(description);
  expect(created).toHaveLength(1);
  const attachments = created[0]!.attachments;
  expect(attachments.map((a) => [a.name, a.content_type])).toEqual(photos.map((p) => [p.name, 'image/jpeg']));
  for (const [i, attachment] of attachments.entries()) expect(attachment.size).toBeLessThan(photos[i]!.buffer.length / 2);
  // Each stored file is the photo drawn at 2,048 px on its long edge.
  const sizes = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(async (url) => {
          const bitmap = await createImageBitmap(await (await fetch(url)).blob());
          return [bitmap.width, bitmap.height];
        }),
      ),
    attachments.map((a) => a.file),
  );
  expect(sizes).toEqual([
    [2048, 1536],
    [2048, 1536],
    [2048, 1536],
  ]);
});

/**
 * Reads a QR code from the camera's picture (docs/decisions.md: Labels and scanning): the browser's
 * own `BarcodeDetector` where it has one that reads QR codes (Chrome on Android, ChromeOS, macOS),
 * else jsQR, loaded only now, when Scan is pressed (Chromium on desktop Linux, Firefox, Safari):
 * it is never in the first screen's script, and the service worker precaches its chunk, so scanning
 * works offline too.
 */

/** What each kind of reader does with the video: the text of a QR code in the current picture, or null. */
export interface QrReader {
  read(video: HTMLVideoElement): Promise<string | null>;
  /** Which reader it is, for the page to say nothing about and tests to check. */
  kind: 'native' | 'jsqr';
}

/** The part of the Shape Detection API used here (not in TypeScript's DOM library). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** jsQR reads a downscaled frame: a label fills enough of it, and the main thread stays free. */
const FRAME_EDGE = 640;

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  } catch {
    // A detector that cannot start (no platform support behind the API) is as none.
    return null;
  }
}

async function jsqrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return {
    kind: 'jsqr',
    read: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return null;
      const scale = Math.min(1, FRAME_EDGE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      // Printed labels are dark on light: the inverted pass would double the work for nothing.
      return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}

export async function createQrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? jsqrReader();
}

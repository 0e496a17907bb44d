/**
 * Builds the app shell (index.html → src-ui), the data worker chunks (found through the
 * `new SharedWorker(new URL(...))` / `new Worker(new URL(...))` calls in the bridge) and the service
 * worker at the stable URL /sw.js, whose precache manifest (Workbox's injectManifest) lists every
 * other file of the build.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { injectManifest } from 'workbox-build';

const root = import.meta.dirname;
const SW_FILE = 'sw.js';
const INJECTION_POINT = 'self.__WB_MANIFEST';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|ttf|eot)$/;
/** Vite's content hash in a file name: such files never change, so they need no revision. */
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * The service worker is a separate single-file build (no shared chunks, so nothing in it can
 * depend on `document`), run after the app build into a scratch folder; Workbox's injectManifest
 * then lists every file of the output directory (with a content revision where its name carries
 * no hash) in place of `self.__WB_MANIFEST` and writes /sw.js.
 */
function serviceWorkerBuild(): Plugin {
  let outDir = resolve(root, 'dist');
  return {
    name: 'cmms-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const scratch = await mkdtemp(join(tmpdir(), 'cmms-sw-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          publicDir: false,
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir: scratch,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            rolldownOptions: {
              input: resolve(root, 'src-sw/sw.ts'),
              output: { format: 'es', entryFileNames: SW_FILE, codeSplitting: false },
            },
          },
        });
        const { warnings } = await injectManifest({
          swSrc: join(scratch, SW_FILE),
          swDest: join(outDir, SW_FILE),
          globDirectory: outDir,
          globPatterns: ['**/*'],
          // The tests' pseudo-locale (docs/i18n.md) is in the build for the browser tests, never
          // chosen by a user: not worth every device's storage.
          globIgnores: [SW_FILE, '**/*.map', '**/*.gz', 'assets/pseudo-*.js'],
          injectionPoint: INJECTION_POINT,
          dontCacheBustURLsMatching: HASHED_ASSET,
          // Every file must be there offline; the largest chunk is well under this.
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        });
        if (warnings.length) throw new Error(`injectManifest: ${warnings.join('; ')}`);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      // Gzip copies beside every text file: the server sends them to clients that accept gzip
      // (@fastify/static preCompressed), so a handset downloads about a third of the bytes.
      const files = await readdir(outDir, { recursive: true });
      for (const file of files.filter((f) => COMPRESSIBLE.test(f))) {
        const path = join(outDir, file);
        await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), serviceWorkerBuild()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // PrimeReact and React together are larger than Vite's default warning size.
    chunkSizeWarningLimit: 1024,
    // No modulepreload polyfill in the entry: every browser the app supports has modulepreload
    // (Chromium, Firefox 115+, Safari 17+), and in one that lacks it the chunks still load, only
    // without the early fetch. Its bytes paid for the handset's main-thread fix (issue 28), which
    // must not make the first screen's script larger.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/media': 'http://127.0.0.1:8000',
    },
  },
});

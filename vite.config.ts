/**
 * Builds the app shell (index.html → src-ui), the data worker chunks (found through the
 * `new SharedWorker(new URL(...))` / `new Worker(new URL(...))` calls in the bridge) and the service
 * worker at the stable URL /sw.js, whose precache manifest lists every other file of the build.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const SW_FILE = 'sw.js';
const INJECTION_POINT = 'self.__WB_MANIFEST';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|ttf|eot)$/;
/** Vite's content hash in a file name: such files never change, so they need no revision. */
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * The service worker is a separate single-file build (no shared chunks, so nothing in it can
 * depend on `document`), run after the app build; then every file in the output directory is
 * listed, with a content revision where its name carries no hash, and written into sw.js in
 * place of `self.__WB_MANIFEST` (what workbox-build's injectManifest does).
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
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          rolldownOptions: {
            input: resolve(root, 'src-sw/sw.ts'),
            output: { format: 'es', entryFileNames: SW_FILE, codeSplitting: false },
          },
        },
      });

      const files = (await filesUnder(outDir)).filter((f) => f !== SW_FILE && !f.endsWith('.map')).sort();
      const manifest = await Promise.all(
        files.map(async (file) => ({
          url: `/${file}`,
          revision: HASHED_ASSET.test(file) ? null : createHash('md5').update(await readFile(join(outDir, file))).digest('hex'),
        })),
      );
      const swPath = join(outDir, SW_FILE);
      const code = await readFile(swPath, 'utf8');
      const parts = code.split(INJECTION_POINT);
      if (parts.length !== 2) throw new Error(`${SW_FILE}: expected exactly one ${INJECTION_POINT}, found ${parts.length - 1}`);
      await writeFile(swPath, parts.join(JSON.stringify(manifest)));

      // Gzip copies beside every text file: the server sends them to clients that accept gzip
      // (@fastify/static preCompressed), so a handset downloads about a third of the bytes.
      for (const file of [...files, SW_FILE].filter((f) => COMPRESSIBLE.test(f))) {
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
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/media': 'http://127.0.0.1:8000',
    },
  },
});

/**
 * Build sizes of the script before the first screen, the figures of BENCHMARKS.md's "Scanning"
 * table: the entry (index.html's module script and its modulepreloads), the first screen's script
 * (the entry, the `mount` chunk it `import()`s at start, and their static imports) and the data
 * worker's script (the SharedWorker's chunk and its static imports; the first screen waits for it
 * too). Bytes on disk and gzip at level 9. Reads a build; builds dist/ first when it is missing.
 *
 *   npm run bench:size [-- --dist path/to/other/build]
 *
 * For a before/after, build each commit in its own worktree and pass its dist.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from './client-server.js';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
if (!values.dist) ensureBuild();
const dist = resolve(values.dist ?? 'dist');

/** Relative imports of a built chunk, static ones only: `import … from "./x.js"` and `export … from "./x.js"`. */
const STATIC_IMPORT = /(?:import|export)\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
/** The mount chunk the entry loads at start (src-ui/main.tsx). */
const MOUNT_IMPORT = /import\(["'`]\.\/(mount-[^"'`]+\.js)["'`]\)/;

function withStaticImports(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(STATIC_IMPORT)) visit(`assets/${m[1]}`);
  };
  roots.forEach(visit);
  return [...seen];
}

function measure(label: string, files: string[]): void {
  let bytes = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  console.log(`| ${label} | ${files.length} files, ${bytes.toLocaleString('en-US')} B, ${gzip.toLocaleString('en-US')} B gzip (${(gzip / 1024).toFixed(1)} KB) |`);
  console.log(`|   | ${files.map((f) => f.replace(/^assets\//, '')).join(', ')} |`);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryRoots = [
  ...[...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!),
];
if (entryRoots.length === 0) throw new Error(`${dist}/index.html names no module script`);
const entry = withStaticImports(entryRoots);
const mount = readFileSync(join(dist, entryRoots[0]!), 'utf8').match(MOUNT_IMPORT);
if (!mount) throw new Error('the entry chunk loads no mount chunk: has src-ui/main.tsx changed?');

console.log(`Build sizes of ${dist}`);
measure('entry chunk', entry);
measure("first screen's script", withStaticImports([...entry, `assets/${mount[1]}`]));
const worker = readdirSync(join(dist, 'assets')).filter((f) => /^shared-worker-.+\.js$/.test(f));
if (worker.length !== 1) throw new Error(`expected one shared-worker chunk in ${dist}/assets, found ${worker.length}`);
measure("data worker's script", withStaticImports([`assets/${worker[0]}`]));

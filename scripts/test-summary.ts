/**
 * Prints one closing line for the whole test run, "tests: N passed, N failed", from the JSON
 * reports of vitest and Playwright that scripts/test-all.sh asks them to write.
 */
import { existsSync, readFileSync } from 'node:fs';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8')) as VitestReport;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests;
}
if (playwrightFile && existsSync(playwrightFile)) {
  const r = JSON.parse(readFileSync(playwrightFile, 'utf8')) as PlaywrightReport;
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
}
// The label tells tiers apart when CI prints more than one such line (the Node.js 22 tier).
const label = process.env.TEST_SUMMARY_LABEL || 'tests';
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

/**
 * Prints one closing line for the whole test run, "tests: N passed, N failed", from the JSON
 * reports of vitest and Playwright that scripts/test-all.sh asks them to write (any number of
 * each; a report that is missing, because its tier did not run, counts nothing).
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

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport | PlaywrightReport;
  if ('stats' in report) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests;
  }
}
// The label tells tiers apart when CI prints more than one such line (the Node.js 22 tier).
const label = process.env.TEST_SUMMARY_LABEL || 'tests';
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

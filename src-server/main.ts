/**
 * Entry point: refuses an unsupported Node.js with one clear line before loading the server, whose
 * native database driver would otherwise fail with a cryptic error.
 */
import { unsupportedNodeMessage } from './node-version.js';

const refusal = unsupportedNodeMessage(process.version);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
await import('./server.js');

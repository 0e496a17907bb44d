/**
 * Command-line entry: refuses an unsupported Node.js with one clear line, as the server does,
 * before loading the commands, whose database drivers would otherwise fail with a cryptic error.
 */
import { unsupportedNodeMessage } from '../node-version.js';

const refusal = unsupportedNodeMessage(process.version);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const { run } = await import('./commands.js');
run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

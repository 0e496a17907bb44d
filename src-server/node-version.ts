/**
 * The oldest Node.js the server runs on. better-sqlite3 13 (Node-API) needs Node 22; Node 20 is
 * past its end of life. Kept free of imports so main.ts can check before loading anything native.
 */
export const MIN_NODE_MAJOR = 22;
export const RECOMMENDED_NODE = '24 LTS';

/** null when `version` (as in process.version, "v24.21.0") is supported, else the one line to print. */
export function unsupportedNodeMessage(version: string): string | null {
  const major = /^v?(\d+)\./.exec(version.trim())?.[1];
  if (major !== undefined && Number(major) >= MIN_NODE_MAJOR) return null;
  return (
    `Maintenance Manager needs Node.js ${MIN_NODE_MAJOR} or newer (${RECOMMENDED_NODE} recommended); this is Node.js ${version}. ` +
    `On Linux x64: export PATH="$(bash scripts/provision-node.sh 24):$PATH"`
  );
}

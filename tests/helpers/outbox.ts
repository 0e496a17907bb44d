import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mails the server wrote to DATA_DIR/outbox, oldest first, with quoted-printable soft breaks undone. */
export function readOutbox(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** The uid and token of the last link with this path in a mail. */
export function linkParts(mail: string, path: '/activate' | '/password/reset/confirm'): { uid: string; token: string } {
  const re = new RegExp(`${path.replace(/\//g, '\\/')}\\/([A-Za-z0-9_-]+)\\/([0-9a-z]+-[0-9a-f]+)`);
  const m = re.exec(mail);
  if (!m) throw new Error(`no ${path} link in mail:\n${mail}`);
  return { uid: m[1]!, token: m[2]! };
}

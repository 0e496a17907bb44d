import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Mails the server wrote to DATA_DIR/outbox, oldest first. Quoted-printable parts are decoded so
 * tests can search the text; base64 parts (attachments) are left as they are.
 */
export function readOutbox(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => decodeMail(readFileSync(join(dir, f), 'utf8')));
}

function decodeMail(raw: string): string {
  // Each header block that declares quoted-printable is followed by its body up to the next boundary or the end.
  return raw.replace(/(Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi, (_m, head: string, body: string) => head + decodeQuotedPrintable(body));
}

/** The uid and token of the last link with this path in a mail. */
export function linkParts(mail: string, path: '/activate' | '/password/reset/confirm'): { uid: string; token: string } {
  const re = new RegExp(`${path.replace(/\//g, '\\/')}\\/([A-Za-z0-9_-]+)\\/([0-9a-z]+-[0-9a-f]+)`);
  const m = re.exec(mail);
  if (!m) throw new Error(`no ${path} link in mail:\n${mail}`);
  return { uid: m[1]!, token: m[2]! };
}

/**
 * The one rule for an email address, wherever one is taken (registration, sign-in, password reset,
 * contact, report mails, the command line) and wherever one is mailed. Realm-free, so a form can
 * judge an address exactly as the server will.
 *
 * An address is one plain addr-spec, `local@domain`, written in ASCII once NFKC-normalised:
 * - NFKC first, so compatibility forms become the characters they stand for (full-width
 *   `ｂｏｓｓ＠ｅｘａｍｐｌｅ．ｃｏｍ` is `boss@example.com`, the same account);
 * - no control or format characters anywhere (Unicode Cc and Cf: a zero-width space, a
 *   direction mark, a soft hyphen), not even at the ends: such text is refused, never cleaned;
 * - spaces at the ends are dropped (a form's trailing space); anywhere else whitespace is refused;
 * - the local part is a dot-atom of letters, digits and ``!#$%&'*+/=?^_`{|}~-`` (no quoted
 *   strings, no leading, trailing or double dots, at most 64 characters);
 * - the domain has at least two dot-separated labels of letters, digits and inner hyphens (at
 *   most 63 each), the last one not all digits; an internationalised domain is written in its
 *   `xn--` form;
 * - at most 254 characters in all.
 * So there is no room for a display name (`Boss <attacker@evil.test>`), a list (`a,b@c.de`), angle
 * brackets, quotes, comments or a domain literal, which mail software would read as something
 * other than the one mailbox the user saw; and no letter from another script or combining mark
 * can make an address that looks like someone else's (`tеchnician` with a Cyrillic е).
 */
import { msg } from '../i18n/translate.js';

export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = msg('Enter a valid email address.');

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * The address as it is stored and mailed (NFKC-normalised, ends trimmed, case kept), or null when
 * `input` is not one plain address.
 */
export function plainEmailAddress(input: string): string | null {
  if (typeof input !== 'string' || CONTROL_OR_FORMAT.test(input)) return null;
  const address = input.normalize('NFKC').replace(/^ +| +$/g, '');
  if (address.length === 0 || address.length > EMAIL_MAX_LENGTH || CONTROL_OR_FORMAT.test(address)) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels[labels.length - 1]!)) return null;
  return address;
}

/** Whether `input` is one plain address as it stands (what the mailer demands of a recipient). */
export function isPlainEmailAddress(input: string): boolean {
  return plainEmailAddress(input) === input;
}

/**
 * Letters of other scripts that are drawn like a Latin letter, mapped to it: a small table of the
 * lowercase Cyrillic and Greek look-alikes and a few Latin variants (accented forms need no entry:
 * their marks are removed first). Latin letters and digits are never
 * mapped to one another (`rn` and `m`, `1` and `l`): such addresses are different mailboxes that
 * people really have.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', ӏ: 'l', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', ԝ: 'w', х: 'x', у: 'y',
  // Greek
  α: 'a', ϲ: 'c', ε: 'e', ι: 'i', ϳ: 'j', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', υ: 'u', χ: 'x',
  // Latin variants
  ɑ: 'a', ɡ: 'g', ı: 'i', ȷ: 'j',
};

/**
 * What an address looks like, for telling whether two addresses could be mistaken for each other:
 * NFKC, lower case, combining marks removed (`é` is `e`), control, format and space characters
 * removed, and other scripts' look-alike letters replaced by the Latin letter they resemble. Two
 * different addresses with one skeleton are look-alikes. Every address the rule above accepts is
 * its own skeleton in lower case; the skeleton matters for accounts made before the rule.
 */
export function emailSkeleton(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\p{M}\p{Cc}\p{Cf}\p{Z}\s]/gu, '')
    .replace(/./gu, (ch) => LOOKALIKES[ch] ?? ch);
}

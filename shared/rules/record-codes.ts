/**
 * The codes printed on asset and location labels (docs/decisions.md: Record codes): a letter for
 * the kind of record, a dash, then five characters (six or seven past 28,629,150) from an alphabet
 * without the look-alikes 0/O, 1/I/L, e.g. `A-7K3Q9`. A code is a fixed function of the record's
 * id: the database computes it (db/record-codes.ts holds the same arithmetic as SQL), so every
 * record has one from the moment it exists, it never changes, and no two records share one. The
 * id is scrambled first so neighbouring records do not get neighbouring codes, which makes a
 * mistyped code far more likely to name nothing than another record.
 *
 * A code is not a secret and not a permission: whoever types or scans one is held to what the
 * record's own routes allow.
 */

/** 31 characters: digits 2–9 and the letters without I, L and O. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^5: ids below it get five characters. */
export const CODE_SPACE = 28_629_151;
/** The scramble: x → (x × MULTIPLIER + OFFSET) mod CODE_SPACE, one to one because MULTIPLIER is prime to 31. */
export const CODE_MULTIPLIER = 17_693_881;
export const CODE_OFFSET = 11_111_111;

/** The kind of record a code's first letter names, and the area it opens. */
export const CODE_PREFIXES = { assets: 'A', locations: 'L' } as const;
export type CodedArea = keyof typeof CODE_PREFIXES;

/** What a lookup of a code answers (GET codes/{code}/). */
export interface CodeTarget {
  area: CodedArea;
  id: number;
}

/** The app's address a label's QR code holds: `${origin}/scan/<code>`, which opens the record. */
export const SCAN_PATH = '/scan/';

export function scanLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${SCAN_PATH}${code}`;
}

const BASE = CODE_ALPHABET.length;
const digit = (n: number) => CODE_ALPHABET[n]!;

/** The code of a record (the database's own is the same; tests/server/record-codes.test.ts holds them together). */
export function recordCode(area: CodedArea, id: number): string {
  const high = Math.floor(id / CODE_SPACE);
  const low = ((id % CODE_SPACE) * CODE_MULTIPLIER + CODE_OFFSET) % CODE_SPACE;
  let head = '';
  if (high >= BASE) head = digit(Math.floor(high / BASE) % BASE) + digit(high % BASE);
  else if (high > 0) head = digit(high);
  let tail = '';
  for (let rest = low, i = 0; i < 5; i++, rest = Math.floor(rest / BASE)) tail = digit(rest % BASE) + tail;
  return `${CODE_PREFIXES[area]}-${head}${tail}`;
}

const CODE_PATTERN = new RegExp(`^([${Object.values(CODE_PREFIXES).join('')}])-?([${CODE_ALPHABET}]{5,7})$`);

/**
 * The code in what a camera read or a user typed, written as the database has it; null when it is
 * none of ours. Takes the code alone in any case, with or without its dash or with spaces
 * (`a 7k3q9`), or a label's link (`https://host/scan/A-7K3Q9`, any host: the app may be reached
 * under another name than the one printed).
 */
export function readCode(text: string): string | null {
  let candidate = text.trim();
  if (candidate.length > 2048) return null;
  const linked = /\/scan\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(candidate);
  if (linked) candidate = decodeURIComponentSafely(linked[1]!);
  else if (candidate.includes('/')) return null;
  const match = CODE_PATTERN.exec(candidate.replace(/\s+/g, '').toUpperCase());
  return match ? `${match[1]}-${match[2]}` : null;
}

/** The area a well-formed code (from `readCode`) opens. */
export function codedAreaOf(code: string): CodedArea {
  return code.startsWith(`${CODE_PREFIXES.assets}-`) ? 'assets' : 'locations';
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

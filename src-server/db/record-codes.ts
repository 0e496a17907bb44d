/**
 * The record code (shared/rules/record-codes.ts) as one SQL expression over the row's id, the same
 * text on SQLite and PostgreSQL: only integer arithmetic, `substr`, `||` and `case`, all immutable,
 * so it may define a generated column. Integer division truncates on both engines for these
 * non-negative values; the id is widened to bigint first because PostgreSQL's integer would
 * overflow in the scramble's product.
 */
import { CODE_ALPHABET, CODE_MULTIPLIER, CODE_OFFSET, CODE_PREFIXES, CODE_SPACE, type CodedArea } from '../../shared/rules/record-codes.js';

const BASE = CODE_ALPHABET.length;

/** The alphabet's character for an integer expression in [0, 31). */
const digit = (value: string) => `substr('${CODE_ALPHABET}', cast((${value}) as integer) + 1, 1)`;

export function recordCodeSql(area: CodedArea, idColumn = 'id'): string {
  const id = `cast(${idColumn} as bigint)`;
  const high = `(${id} / ${CODE_SPACE})`;
  const low = `((${id} % ${CODE_SPACE}) * ${CODE_MULTIPLIER} + ${CODE_OFFSET}) % ${CODE_SPACE}`;
  const head = `case when ${high} >= ${BASE} then ${digit(`${high} / ${BASE} % ${BASE}`)} || ${digit(`${high} % ${BASE}`)} when ${high} > 0 then ${digit(high)} else '' end`;
  const tail = [4, 3, 2, 1, 0].map((place) => digit(`(${low}) / ${BASE ** place} % ${BASE}`)).join(' || ');
  return `'${CODE_PREFIXES[area]}-' || (${head}) || ${tail}`;
}

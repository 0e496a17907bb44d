/**
 * The ICU messages the code is written in, turned into the token lists Lingui's runtime
 * interprets, on the device (docs/decisions.md: Languages). English is the message id, so its
 * texts need no catalogue; only those with values need this, the first time each is said. The full
 * compiler (`@lingui/message-utils`, with its parser) stays a build tool: it is 7 KB gzip, this is
 * a tenth of that. The syntax is the part of ICU the app's texts use — `{name}`, `{n, number}`,
 * plural, selectordinal and select with `#` and `=N` cases, and apostrophe quoting — and a unit test
 * holds this equal to Lingui's own compiler for every message of every catalogue.
 */

/** Lingui's compiled form: texts, and [name], [name, format, style?] or [name, plural|select, cases]. */
export type IcuToken = string | [string] | [string, string] | [string, string, string] | [string, string, IcuCases];
export interface IcuCases {
  offset: number | undefined;
  [key: string]: IcuToken[] | number | undefined;
}

const BRANCHING = new Set(['plural', 'selectordinal', 'select']);

export function compileIcu(message: string): IcuToken[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} of ${JSON.stringify(message)}`);
  };
  const skipSpace = () => {
    while (/\s/.test(message[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    skipSpace();
    if (message[at] !== char) fail(`"${char}" expected`);
    at++;
  };
  const word = (): string => {
    skipSpace();
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at]!)) at++;
    if (start === at) fail('a name expected');
    return message.slice(start, at);
  };

  /** Text up to the next argument (or `#` in a plural, or the end of a case), quotes resolved. */
  const text = (inPlural: boolean, inCase: boolean): string => {
    let out = '';
    while (at < message.length) {
      const char = message[at]!;
      if (char === '{' || (char === '}' && inCase) || (char === '#' && inPlural)) break;
      if (char === '}') fail('unexpected "}"');
      if (char === "'") {
        const next = message[at + 1];
        if (next === "'") {
          out += "'";
          at += 2;
          continue;
        }
        if (next === '{' || next === '}' || (next === '#' && inPlural)) {
          // Quoted: everything up to the next lone apostrophe is text.
          at++;
          while (at < message.length) {
            if (message[at] === "'") {
              if (message[at + 1] === "'") {
                out += "'";
                at += 2;
                continue;
              }
              at++;
              break;
            }
            out += message[at++];
          }
          continue;
        }
      }
      out += char;
      at++;
    }
    return out;
  };

  const tokens = (inPlural: boolean, inCase: boolean): IcuToken[] => {
    const out: IcuToken[] = [];
    while (at < message.length && !(inCase && message[at] === '}')) {
      if (message[at] === '{') out.push(argument());
      else if (inPlural && message[at] === '#') {
        out.push('#');
        at++;
      } else {
        const said = text(inPlural, inCase);
        if (said) out.push(said);
      }
    }
    return out;
  };

  const argument = (): IcuToken => {
    at++; // {
    const name = word();
    skipSpace();
    if (message[at] === '}') {
      at++;
      return [name];
    }
    expect(',');
    const format = word();
    skipSpace();
    if (message[at] === '}') {
      at++;
      return [name, format];
    }
    expect(',');
    if (!BRANCHING.has(format)) {
      const start = at;
      while (at < message.length && message[at] !== '}') at++;
      const style = message.slice(start, at).trim();
      expect('}');
      return [name, format, style];
    }
    const cases: IcuCases = { offset: undefined };
    skipSpace();
    if (message.startsWith('offset:', at)) {
      at += 'offset:'.length;
      cases.offset = Number(word());
    }
    for (skipSpace(); message[at] !== '}'; skipSpace()) {
      if (at >= message.length) fail('"}" expected');
      const key = word();
      expect('{');
      cases[key.startsWith('=') ? key.slice(1) : key] = tokens(format !== 'select', true);
      expect('}');
    }
    at++;
    return [name, format, cases];
  };

  return tokens(false, false);
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules;
}

function formatNumber(locale: string, value: number, style?: string): string {
  const key = `${locale}|${style ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { style: style as Intl.NumberFormatOptions['style'] })));
  return format.format(value);
}

/**
 * Says a compiled message with its values, as Lingui's runtime does (the unit test holds the two
 * equal): a value put as it is, `=N` before the plural category, `#` the count in the locale's
 * number form, select by the value, `other` when nothing else fits. English's texts are said by
 * this, so an English device loads no message runtime at all; other languages' by Lingui's.
 */
export function sayIcu(tokens: readonly IcuToken[], values: Record<string, string | number> | undefined, locale: string, count?: string): string {
  let out = '';
  for (const token of tokens) {
    if (token === '#' && count !== undefined) out += count;
    else if (typeof token === 'string') out += token;
    else {
      const [name, format, style] = token;
      const value = values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
      if (format === 'plural' || format === 'selectordinal') {
        const cases = style as IcuCases;
        const n = (value as number) - (cases.offset ?? 0);
        const branch = cases[String(value)] ?? cases[rulesFor(locale, format === 'plural' ? 'cardinal' : 'ordinal').select(n)] ?? cases.other;
        out += sayIcu((branch ?? []) as IcuToken[], values, locale, formatNumber(locale, n));
      } else if (format === 'select') {
        const cases = style as IcuCases;
        const branch = Object.prototype.hasOwnProperty.call(cases, String(value)) ? cases[String(value)] : cases.other;
        out += sayIcu((branch ?? []) as IcuToken[], values, locale, count);
      } else if (format === 'number') {
        out += value == null ? '' : formatNumber(locale, value as number, style as string | undefined);
      } else if (format) {
        throw new Error(`{${name}, ${format}} is not among the ICU forms the app says (shared/i18n/icu.ts)`);
      } else if (value != null) out += String(value);
    }
  }
  return out;
}

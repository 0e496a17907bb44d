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

/**
 * CSV read back as a spreadsheet reads it, for the export tests of the server and the browser.
 * `separator` is the spreadsheet's list separator: `,`, or `;` as in most continental locales, or a
 * tab. As Excel and LibreOffice do, a double quote opens a quoted cell only at the start of a cell
 * (elsewhere it is an ordinary character); inside one, separators and line breaks are text, `""` is
 * a quote and a lone `"` ends the quoting (anything after it up to the next separator is kept as it
 * is); outside quotes CRLF, LF or CR ends a row. An RFC 4180 file read with `,` gives back exactly
 * its fields; read with another separator it shows what such a spreadsheet would make of it.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let atCellStart = true;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
    atCellStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (c === separator) {
      row.push(field);
      field = '';
      atCellStart = true;
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else if (c === '\r' || c === '\n') endRow();
    else {
      field += c;
      atCellStart = false;
    }
  }
  if (field !== '' || row.length > 0 || quoted) throw new Error('the CSV does not end with a line break');
  return rows;
}

/** An export's lines as records by header, after its byte order mark; throws when the header is not `headers`. */
export function csvRecords(text: string, headers: readonly string[]): Record<string, string>[] {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV has no byte order mark');
  const [head, ...rows] = parseCsv(text.slice(1));
  if (JSON.stringify(head) !== JSON.stringify(headers)) throw new Error(`the CSV's header is ${JSON.stringify(head)}`);
  for (const row of rows) if (row.length !== headers.length) throw new Error(`a CSV line has ${row.length} fields: ${JSON.stringify(row)}`);
  return rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i]!])));
}

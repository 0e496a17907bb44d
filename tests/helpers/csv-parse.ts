/**
 * CSV read back as a spreadsheet reads it (RFC 4180: quoted fields may hold commas, doubled quotes
 * and line breaks; lines end in CRLF), for the export tests of the server and the browser.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
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

/**
 * The one PDF layout every report uses: title, location, generated time in the site's time zone,
 * optional detail lines, then tables whose header row repeats on each page, and a "Page X of Y"
 * footer. Only the built-in Helvetica is used, so no font file is read, and pdfmake may neither
 * fetch URLs nor open local files. Documents are built in a PDF thread (pdf-pool.ts).
 *
 * A report speaks the language of the user who asked for it (docs/i18n.md): the thread has no
 * request, so the job carries the language, and its fixed texts, title, headings, column headers
 * and empty texts (English texts marked with `msg` where the areas define them) are said here.
 */
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Translate } from '../../shared/i18n/translate.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import type { LocationRef } from '../../shared/api/common.js';
import type { Language } from '../../shared/i18n/languages.js';
import { translatorIn } from '../http/request-language.js';
import { usDateTime } from './format.js';

export interface ReportColumn {
  header: string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
  /** '*' shares the free width; 'auto' fits the content. Default '*'. */
  width?: '*' | 'auto' | number;
}

export interface ReportTable {
  heading?: string;
  columns: ReportColumn[];
  rows: string[][];
  /** A bold last row (totals). */
  totalRow?: string[];
  /** Shown instead of the table when there are no rows. */
  emptyText: string;
}

export interface ReportDocument {
  title: string;
  location: LocationRef;
  /** Lines under the location, e.g. the period covered. */
  details?: string[];
  tables: ReportTable[];
}

export interface RenderOptions {
  timeZone: string;
  now?: Date;
  /** The language of the user who asked for the report; English when not given. */
  language?: Language;
}

const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
/** The PDF base-14 names pdfkit resolves without touching the disk. */
const BUILT_IN_FONTS = new Set<string>(Object.values(HELVETICA));

let configured = false;
function configurePdfmake(): void {
  if (configured) return;
  pdfmake.setFonts({ Helvetica: HELVETICA });
  pdfmake.setUrlAccessPolicy(() => false);
  // pdfmake passes font names through this check too; the built-in names are not files.
  pdfmake.setLocalAccessPolicy((path) => BUILT_IN_FONTS.has(path));
  configured = true;
}

// Windows-1252 characters above Latin-1's control block: what the standard fonts can draw.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Replaces characters the standard fonts cannot draw with "?" instead of printing the wrong glyph. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else out += '?';
  }
  return out;
}

function tableContent(table: ReportTable, t: Translate): Content[] {
  const out: Content[] = [];
  if (table.heading) out.push({ text: printable(t(table.heading)), style: 'heading' });
  if (table.rows.length === 0) {
    out.push({ text: printable(t(table.emptyText)), italics: true, margin: [0, 2, 0, 10] });
    return out;
  }
  const align = (i: number) => table.columns[i]?.align ?? 'left';
  const header: TableCell[] = table.columns.map((c, i) => ({ text: printable(t(c.header)), style: 'tableHeader', alignment: align(i) }));
  const body: TableCell[][] = [header, ...table.rows.map((row) => row.map((cell, i): TableCell => ({ text: printable(cell), alignment: align(i) })))];
  if (table.totalRow) body.push(table.totalRow.map((cell, i): TableCell => ({ text: printable(cell), bold: true, alignment: align(i) })));
  out.push({
    table: { headerRows: 1, dontBreakRows: true, widths: table.columns.map((c) => c.width ?? '*'), body },
    layout: {
      hLineWidth: (i: number) => (i === 1 ? 1 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => '#9e9e9e',
      fillColor: (row: number) => (row === 0 ? '#e0e0e0' : row % 2 === 0 ? '#f5f5f5' : null),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 12],
  });
  return out;
}

export function reportDefinition(report: ReportDocument, opts: RenderOptions): TDocumentDefinitions {
  const t = translatorIn(opts.language);
  const generated = usDateTime(opts.now ?? new Date(), opts.timeZone, opts.language);
  const title = t(report.title);
  return {
    info: { title: printable(`${title} - ${report.location.name}`), creator: PRODUCT_NAME, producer: PRODUCT_NAME },
    pageSize: 'LETTER',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      meta: { fontSize: 10, color: '#424242' },
      heading: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] },
      tableHeader: { bold: true },
    },
    content: [
      { text: printable(title), style: 'title' },
      { text: printable(t('Location: {name} (#{id})', { name: report.location.name, id: report.location.id })), style: 'meta' },
      { text: printable(t('Generated: {time}', { time: generated })), style: 'meta' },
      ...(report.details ?? []).map((line): Content => ({ text: printable(t(line)), style: 'meta' })),
      { text: '', margin: [0, 0, 0, 10] },
      ...report.tables.flatMap((table) => tableContent(table, t)),
    ],
    footer: (currentPage: number, pageCount: number) => ({
      text: printable(t('Page {current} of {count}', { current: currentPage, count: pageCount })),
      alignment: 'center',
      fontSize: 9,
      margin: [0, 15, 0, 0],
    }),
  };
}

/**
 * Renders any document of ours (reports, label sheets) under the same fonts and access policies.
 * Seconds of synchronous work for a large one: called in a PDF thread only (pdf-jobs.ts).
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}

/**
 * Sheets of QR labels (docs/decisions.md: Labels and scanning), laid out for Avery 5160 and the
 * sheets that share its layout: US Letter, three columns of ten labels, each 2⅝ × 1 in, with a
 * ½ in top margin, 3⁄16 in side margins and ⅛ in between the columns. Each label holds the QR code
 * of the record's link, its name and its code in text (for typing when no camera reads it) and a
 * line of context (the asset's location, the location's address).
 *
 * The QR code is pdfmake's own (`qr` node: vector squares, no image, no service). pdfmake rounds a
 * module down to whole points, so a link that needs a larger QR version gets smaller modules: up to
 * 62 bytes the code is version 4 or lower at error correction M (15 % of it may be smudged) with
 * modules of 2 pt (0.7 mm); a longer link drops to correction L, which keeps 2 pt modules up to 78
 * bytes. Longer links (a long PUBLIC_URL) still work, with smaller modules read from closer.
 *
 * A sheet is built in a PDF thread (reports/pdf-pool.ts, job `labels`), at about 6 ms a label.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LABELS_PER_SHEET } from '../../shared/api/labels.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { printable } from '../reports/pdf.js';

/** One label: the link its QR code holds, and its text. */
export interface Label {
  name: string;
  code: string;
  /** A short line under the code (where the record is). */
  context: string;
  link: string;
}

export interface LabelSheet {
  /** The document's title (PDF metadata). */
  title: string;
  labels: Label[];
}

const PT_PER_INCH = 72;
/** Avery 5160, in points. */
export const SHEET_LAYOUT = {
  pageWidth: 8.5 * PT_PER_INCH,
  pageHeight: 11 * PT_PER_INCH,
  top: 0.5 * PT_PER_INCH,
  left: 0.1875 * PT_PER_INCH,
  labelWidth: 2.625 * PT_PER_INCH,
  labelHeight: 1 * PT_PER_INCH,
  columnPitch: 2.75 * PT_PER_INCH,
  columns: 3,
  rows: 10,
} as const;

/** The QR code's box (pdfmake fits the code inside it in whole-point modules) and the gap around it. */
const QR_BOX = 66;
const PADDING = 6;
const TEXT_WIDTH = SHEET_LAYOUT.labelWidth - QR_BOX - 3 * PADDING;

/** Byte-mode capacity of QR version 4 at correction M: up to it the modules stay 2 pt. */
const M_FITS_2PT = 62;

/** Text cut to `max` characters, with an ellipsis when cut (a label has room for two short lines). */
function cut(text: string, max: number): string {
  const clean = printable(text).replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function labelContent(label: Label, place: number): Content[] {
  const column = place % SHEET_LAYOUT.columns;
  const row = Math.floor(place / SHEET_LAYOUT.columns);
  const x = SHEET_LAYOUT.left + column * SHEET_LAYOUT.columnPitch;
  const y = SHEET_LAYOUT.top + row * SHEET_LAYOUT.labelHeight;
  const eccLevel = new TextEncoder().encode(label.link).length <= M_FITS_2PT ? 'M' : 'L';
  return [
    { qr: label.link, fit: QR_BOX, eccLevel, absolutePosition: { x: x + PADDING, y: y + (SHEET_LAYOUT.labelHeight - QR_BOX) / 2 } },
    {
      absolutePosition: { x: x + PADDING + QR_BOX + PADDING, y: y + 8 },
      columns: [
        {
          width: TEXT_WIDTH,
          stack: [
            { text: cut(label.name, 34), bold: true, fontSize: 9, lineHeight: 1 },
            { text: label.code, bold: true, fontSize: 13, margin: [0, 3, 0, 1] },
            { text: cut(label.context, 30), fontSize: 7, color: '#424242' },
          ],
        },
      ],
    },
  ];
}

export function labelSheetDefinition(sheet: LabelSheet): TDocumentDefinitions {
  const content: Content[] = [];
  sheet.labels.forEach((label, i) => {
    const place = i % LABELS_PER_SHEET;
    // Absolutely placed content goes on the page being written: each new sheet is begun by a break.
    if (i > 0 && place === 0) content.push({ text: '', pageBreak: 'before' });
    content.push(...labelContent(label, place));
  });
  return {
    info: { title: printable(sheet.title), creator: PRODUCT_NAME, producer: PRODUCT_NAME },
    pageSize: { width: SHEET_LAYOUT.pageWidth, height: SHEET_LAYOUT.pageHeight },
    pageMargins: [0, 0, 0, 0],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    content,
  };
}

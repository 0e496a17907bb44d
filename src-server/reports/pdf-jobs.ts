/**
 * What a PDF thread builds (pdf-pool.ts), and the thread's side of it. A job is plain data, which
 * crosses to the thread by structured clone: a pdfmake document definition could not, since its
 * table layouts and page footer are functions, so the thread makes the definition itself with the
 * same code the layouts have always had. The PDF comes back as an ArrayBuffer that is moved, not
 * copied.
 */
import { parentPort } from 'node:worker_threads';
import { labelSheetDefinition, type LabelSheet } from '../labels/label-sheet.js';
import { renderPdf, reportDefinition, type RenderOptions, type ReportDocument } from './pdf.js';

export type PdfJob = { kind: 'report'; report: ReportDocument; options: RenderOptions } | { kind: 'labels'; sheet: LabelSheet };

/** A thread's answer to one job: the PDF's bytes, or why it could not be built. */
export type PdfOutcome = { pdf: ArrayBuffer } | { error: string };

export function buildPdf(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'report':
      return renderPdf(reportDefinition(job.report, job.options));
    case 'labels':
      return renderPdf(labelSheetDefinition(job.sheet));
  }
}

/** The bytes in an ArrayBuffer of their own, which can be moved: a small Buffer may share Node's pool with others. */
function ownBytes(pdf: Buffer): ArrayBuffer {
  if (pdf.buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength) return pdf.buffer;
  const copy = new ArrayBuffer(pdf.byteLength);
  new Uint8Array(copy).set(pdf);
  return copy;
}

/** In a PDF thread: builds each job the pool sends with `build`, and answers it. The pool sends one at a time. */
export function answerPdfJobs(build: (job: PdfJob) => Promise<Buffer> = buildPdf): void {
  const port = parentPort;
  if (!port) throw new Error('PDF jobs are answered in a worker thread only');
  port.on('message', (job: PdfJob) => {
    build(job).then(
      (pdf) => {
        const bytes = ownBytes(pdf);
        port.postMessage({ pdf: bytes } satisfies PdfOutcome, [bytes]);
      },
      (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies PdfOutcome),
    );
  });
}

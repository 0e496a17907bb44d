/**
 * A PDF thread's script that dies on purpose (tests/server/pdf-threads.test.ts): a label sheet whose
 * title names a location called "Crash Site" ends the thread with an uncaught error, as a fault in
 * pdfmake would; any other job is built as the real thread builds it.
 */
import { answerPdfJobs, buildPdf, type PdfJob } from '../../src-server/reports/pdf-jobs.js';

answerPdfJobs((job: PdfJob) => {
  if (job.kind === 'labels' && job.sheet.title.endsWith('Crash Site')) {
    setImmediate(() => {
      throw new Error('a fault in the PDF thread');
    });
    return new Promise<Buffer>(() => undefined);
  }
  return buildPdf(job);
});

/** The script of a PDF thread (pdf-pool.ts starts it): it builds the jobs it is sent (pdf-jobs.ts). */
import { answerPdfJobs } from './pdf-jobs.js';

answerPdfJobs();

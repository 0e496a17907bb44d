/**
 * The PDF threads of a server process. pdfmake builds a document in one synchronous stretch, seconds
 * long for the largest a request may ask for (MAX_LABELS_PER_REQUEST, REPORT_MAX_ROWS); on the
 * event loop that stretch would stop the process answering anyone else, health checks included. So
 * documents are built in node:worker_threads: `threads` at a time, while up to `queueLimit` more
 * jobs wait their turn. A job past that is refused at once with a 503 and Retry-After, rather than
 * keeping its client waiting behind minutes of others' documents.
 *
 * A thread is started for the first job and ended after IDLE_MS without one (it holds pdfmake, tens
 * of MB). A thread that dies (an uncaught error, its memory bound) fails only the job it held (a
 * 500 through the error handler, which logs it), and the next job starts a new thread. `close()`
 * (the app's onClose, after a stop's drain) refuses what still waits and ends every thread.
 */
import { Worker } from 'node:worker_threads';
import { msg, t } from '../../shared/i18n/translate.js';
import { HttpError } from '../http/errors.js';
import type { PdfJob, PdfOutcome } from './pdf-jobs.js';

export const PDF_BUSY = msg('The server is busy building other documents. Please try again in a few seconds.');
export const PDF_STOPPING = msg('The server is stopping. Please try again in a moment.');
/** About what the largest document takes to build: by then a place has likely come free. */
export const PDF_RETRY_AFTER_S = 10;
const IDLE_MS = 60_000;
/**
 * The heap a thread may use: the largest label sheet is built within 128 MB (not within 64), so
 * this is four times that; a document that needs more ends its thread (a 500), not the process.
 */
const THREAD_HEAP_MB = 512;

export interface PdfPoolOptions {
  /** Documents built at once (PDF_THREADS). */
  threads: number;
  /** Jobs that may wait for a thread (PDF_QUEUE_LIMIT); 0 refuses any job that finds every thread busy. */
  queueLimit: number;
  /** The threads' script; tests give one that fails on purpose. */
  script?: URL;
}

interface Task {
  job: PdfJob;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
  /** PDF_STOPPING in the language of the request that asked (said when the job is handed in: it may fail later, outside the request). */
  stopping: string;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

const DEFAULT_SCRIPT = new URL(`./pdf-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * A thread runs its script as this process runs its own: under tsx (`npm start`, `npm run serve`, a
 * test's server process) it inherits the loader with the process's execArgv. A process that loads
 * TypeScript some other way (vitest's own module runner) gives a .ts script tsx's loader.
 */
function threadExecArgv(script: URL): string[] | undefined {
  if (!script.pathname.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'))) return undefined;
  return [...process.execArgv, '--import', import.meta.resolve('tsx')];
}

const stopping = (detail: string = t(PDF_STOPPING)) => new HttpError(503, { detail });

export class PdfPool {
  readonly #threads = new Set<Thread>();
  readonly #waiting: Task[] = [];
  readonly #script: URL;
  #closed = false;

  constructor(private readonly options: PdfPoolOptions) {
    this.#script = options.script ?? DEFAULT_SCRIPT;
  }

  /** The PDF of `job`, built in a thread; a 503 when the queue is full or the server is stopping. */
  render(job: PdfJob): Promise<Buffer> {
    if (this.#closed) return Promise.reject(stopping());
    const startsNow = this.#idleThread() !== undefined || this.#threads.size < this.options.threads;
    if (!startsNow && this.#waiting.length >= this.options.queueLimit) {
      return Promise.reject(new HttpError(503, { detail: t(PDF_BUSY) }, { 'retry-after': String(PDF_RETRY_AFTER_S) }));
    }
    const stoppingText = t(PDF_STOPPING);
    return new Promise<Buffer>((resolve, reject) => {
      this.#waiting.push({ job, resolve, reject, stopping: stoppingText });
      this.#next();
    });
  }

  /** Refuses the jobs still waiting and ends every thread (a job being built fails with a 503). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#waiting.splice(0)) task.reject(stopping(task.stopping));
    await Promise.all([...this.#threads].map((thread) => thread.worker.terminate()));
  }

  #idleThread(): Thread | undefined {
    for (const thread of this.#threads) if (!thread.task) return thread;
    return undefined;
  }

  /** Gives waiting jobs to idle threads, starting threads up to the bound. */
  #next(): void {
    while (this.#waiting.length > 0) {
      const thread = this.#idleThread() ?? (this.#threads.size < this.options.threads ? this.#start() : undefined);
      if (!thread) return;
      const task = this.#waiting.shift()!;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.task = task;
      // A thread at work keeps the process alive (a script awaiting its PDF); an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(task.job);
    }
  }

  #start(): Thread {
    const execArgv = threadExecArgv(this.#script);
    const worker = new Worker(this.#script, { ...(execArgv ? { execArgv } : {}), resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    const thread: Thread = { worker, task: null, idleTimer: null };
    let failure: Error | undefined;
    worker.on('message', (outcome: PdfOutcome) => this.#answered(thread, outcome));
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => this.#ended(thread, code, failure));
    this.#threads.add(thread);
    return thread;
  }

  #answered(thread: Thread, outcome: PdfOutcome): void {
    const task = thread.task;
    thread.task = null;
    if (task) {
      if ('pdf' in outcome) task.resolve(Buffer.from(outcome.pdf));
      else task.reject(new Error(`The PDF could not be built: ${outcome.error}`));
    }
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      this.#threads.delete(thread);
      void thread.worker.terminate();
    }, IDLE_MS);
    thread.idleTimer.unref();
    this.#next();
  }

  #ended(thread: Thread, code: number, failure: Error | undefined): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    this.#threads.delete(thread);
    const task = thread.task;
    thread.task = null;
    if (task) {
      task.reject(this.#closed ? stopping(task.stopping) : new Error(`A PDF thread stopped while building (exit code ${code})${failure ? `: ${failure.message}` : ''}`));
    }
    if (!this.#closed) this.#next();
  }
}

/**
 * Questions and answers between the cluster's primary and its server processes over node:cluster's
 * own channel: the primary tells each process to stop listening before any of them drains (so a
 * stop closes the shared port before a connection is let go), the metrics of every process are
 * gathered for one scrape, and the primary keeps the count of what one user may hold across the
 * processes (sync streams). Each question carries an id; its answer carries the same id back. A
 * note (`tellPrimary`) carries none and gets no answer.
 */
import cluster, { type Worker } from 'node:cluster';

interface Envelope {
  cmms: true;
  type: string;
  id: number;
  reply?: true;
  body?: unknown;
  error?: string;
}

const isEnvelope = (m: unknown): m is Envelope => typeof m === 'object' && m !== null && (m as { cmms?: unknown }).cmms === true;

let sequence = 0;

type Send = (message: Envelope, callback: (err: Error | null) => void) => unknown;

/**
 * Sends on the channel unless it is already closed (a process on its way out): then nothing is
 * sent. With a callback, a closed channel is reported to it rather than as an 'error' event, which
 * would stop a process that has no listener for it.
 */
function post(send: Send, message: Envelope): boolean {
  try {
    send(message, () => undefined);
    return true;
  } catch {
    return false;
  }
}

const toWorker =
  (worker: Worker): Send =>
  (m, callback) =>
    worker.send(m, callback);
const toPrimary: Send = (m, callback) => process.send?.(m, undefined, undefined, callback);

/** Primary: asks one server process and waits for its answer; rejects when it exits or takes longer than `timeoutMs`. */
export function askWorker<T>(worker: Worker, type: string, body: unknown, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = ++sequence;
    const finish = (err: Error | null, value?: unknown) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (err) reject(err);
      else resolve(value as T);
    };
    const onMessage = (m: unknown) => {
      if (isEnvelope(m) && m.reply && m.id === id && m.type === type) finish(m.error ? new Error(m.error) : null, m.body);
    };
    const onExit = () => finish(new Error(`server process ${worker.id} exited before it answered ${type}`));
    const timer = setTimeout(() => finish(new Error(`server process ${worker.id} did not answer ${type} within ${timeoutMs} ms`)), timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    if (!worker.isConnected() || !post(toWorker(worker), { cmms: true, type, id, body })) onExit();
  });
}

/** Server process: asks the primary and waits for its answer. */
export function askPrimary<T>(type: string, body: unknown, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = ++sequence;
    const finish = (err: Error | null, value?: unknown) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) reject(err);
      else resolve(value as T);
    };
    const onMessage = (m: unknown) => {
      if (isEnvelope(m) && m.reply && m.id === id && m.type === type) finish(m.error ? new Error(m.error) : null, m.body);
    };
    const timer = setTimeout(() => finish(new Error(`the primary did not answer ${type} within ${timeoutMs} ms`)), timeoutMs);
    process.on('message', onMessage);
    if (!process.send || !post(toPrimary, { cmms: true, type, id, body })) finish(new Error('no channel to the primary'));
  });
}

/** Server process: tells the primary something that needs no answer; nothing is sent on a closed channel. */
export function tellPrimary(type: string, body: unknown): void {
  if (process.send) post(toPrimary, { cmms: true, type, id: 0, body });
}

type Answer = (body: unknown) => unknown;

/**
 * Begins the answer at once, while the message is being delivered: questions and notes of one
 * process are then acted on in the order it sent them (a stream slot's release never overtakes its
 * take), which a start deferred to a later microtask would not keep.
 */
function answering(question: Envelope, answer: Answer, send: Send): void {
  let result: unknown;
  try {
    result = answer(question.body);
  } catch (err) {
    result = Promise.reject(err);
  }
  Promise.resolve(result).then(
    (body) => post(send, { cmms: true, type: question.type, id: question.id, reply: true, body }),
    (err: unknown) => post(send, { cmms: true, type: question.type, id: question.id, reply: true, error: err instanceof Error ? err.message : String(err) }),
  );
}

/** Server process: answers the primary's questions of `type`. Returns the function that stops answering. */
export function answerPrimary(type: string, answer: Answer): () => void {
  const onMessage = (m: unknown) => {
    if (isEnvelope(m) && !m.reply && m.type === type) answering(m, answer, toPrimary);
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

/** Primary: answers the server processes' questions of `type`. */
export function answerWorkers(type: string, answer: (body: unknown, worker: Worker) => unknown): void {
  cluster.on('message', (worker, m: unknown) => {
    if (isEnvelope(m) && !m.reply && m.type === type) answering(m, (body) => answer(body, worker), toWorker(worker));
  });
}

/** Primary: hears the server processes' notes of `type` (tellPrimary), in the order each process sent them. */
export function hearWorkers(type: string, hear: (body: unknown, worker: Worker) => void): void {
  cluster.on('message', (worker, m: unknown) => {
    if (isEnvelope(m) && !m.reply && m.id === 0 && m.type === type) hear(m.body, worker);
  });
}

/** The server processes alive now. */
export function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
}

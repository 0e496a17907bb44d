/**
 * The reports visitors send from a label's form (docs/decisions.md: Requests at the label), kept on
 * the device from the moment they are sent: one sent without a connection goes when it returns,
 * exactly once, under the key it was kept with (the server keeps that key on the request). The
 * service worker's background sync, a tab coming online, and the next visit all send what waits,
 * one sender at a time. No account and no session: the calls go without one.
 *
 * The label's place is kept too, so the form opens offline for any label already opened here.
 */
import type { RequestForm, RequestTaken } from '../../shared/api/requests.js';
import type { VisitorRequest } from '../../shared/areas/requests.js';
import { LOCKS } from '../../shared/data/bus.js';
import type { DeviceDb, VisitorReportRow } from '../../shared/data/db-schema.js';
import { isTransientFailure, toNormalizedError } from '../../shared/data/errors.js';
import type { NormalizedError } from '../../shared/data/protocol.js';
import type { HttpClient } from '../http/http-client.js';
import { fitAttachments } from '../media/fit-image.js';
import { runWithLock } from '../services/locks.js';

/** Sent and refused reports are shown this long, then forgotten (the status page's link is in them). */
export const KEPT_REPORT_DAYS = 30;
/** The places of this many labels are kept; the oldest go first. */
export const KEPT_PLACES = 200;
const DAY_MS = 86_400_000;

/** The outcome of one send: the report as it now stands, and the server's refusal if there was one. */
export type ReportSend = { state: 'sent'; row: VisitorReportRow } | { state: 'waiting' | 'refused'; row: VisitorReportRow; error: NormalizedError };

export class VisitorReports {
  constructor(
    private readonly db: DeviceDb,
    private readonly http: HttpClient,
    private readonly now: () => number,
  ) {}

  /** The label's place: read now and kept, or as kept when there is no connection (null: never opened here). */
  async place(code: string): Promise<RequestForm | null> {
    try {
      const form = await this.http.request<RequestForm>({ path: `public/requests/form/${encodeURIComponent(code.trim())}/`, auth: false });
      await this.db.labelPlaces.put({ code, form, savedAt: new Date(this.now()).toISOString() });
      await this.prunePlaces();
      return form;
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      if (!isTransientFailure(error)) {
        // A label closed to reports since: its kept place must not open the form offline either.
        if (error.status === 404) await this.db.labelPlaces.delete(code);
        throw error;
      }
      const kept = await this.db.labelPlaces.get(code);
      return kept ? kept.form : null;
    }
  }

  /** Keeps the report (its photo fitted first), before any attempt to send it. */
  async keep(input: VisitorRequest, place: string): Promise<VisitorReportRow> {
    const existing = await this.db.visitorReports.get(input.key);
    if (existing) return existing;
    const [photo] = input.photo ? await fitAttachments([input.photo]) : [];
    const row: VisitorReportRow = {
      key: input.key,
      code: input.code,
      place,
      description: input.description,
      name: input.name,
      email: input.email,
      phone: input.phone,
      website: input.website,
      photo: photo ? { id: crypto.randomUUID(), name: photo.name, type: photo.type, size: photo.blob.size, blob: photo.blob } : null,
      createdAt: new Date(this.now()).toISOString(),
      state: 'waiting',
      taken: null,
      refusal: null,
      attempts: 0,
    };
    await this.db.visitorReports.put(row);
    return row;
  }

  /**
   * One attempt. Taken: kept as sent, with its status page. No connection, the server failing or
   * busy: still waiting. Refused: kept as refused, with why (the caller decides whether to show it
   * on the form, and then forgets the report, or keep it for the list).
   */
  async send(row: VisitorReportRow, options: { progress: boolean }): Promise<ReportSend> {
    try {
      const taken = await this.http.request<RequestTaken>({ method: 'POST', path: 'public/requests/', auth: false, idempotencyKey: row.key, reportProgress: options.progress, ...bodyOf(row) });
      return { state: 'sent', row: await this.update(row, { state: 'sent', taken, attempts: row.attempts + 1 }) };
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      // Too many reports from this address or label just now: the limit frees up, so it waits.
      if (isTransientFailure(error) || error.status === 429) return { state: 'waiting', row: await this.update(row, { attempts: row.attempts + 1 }), error };
      return { state: 'refused', row: await this.update(row, { state: 'refused', refusal: error.serverMessage ?? error.message, attempts: row.attempts + 1 }), error };
    }
  }

  /** Forgets a report (one the form showed refused, so the visitor corrects it there). */
  async forget(key: string): Promise<void> {
    await this.db.visitorReports.delete(key);
  }

  /**
   * Sends every waiting report, oldest first, one sender at a time on the device; stops at the
   * first that still cannot go. The keys whose state changed; `waiting` true while some still wait.
   */
  async sendWaiting(): Promise<{ changed: string[]; waiting: boolean }> {
    // Nearly always nothing waits: no lock then.
    if (!(await this.db.visitorReports.filter((r) => r.state === 'waiting').first())) return { changed: [], waiting: false };
    return runWithLock(LOCKS.visitorReports, async () => {
      const changed: string[] = [];
      const rows = await this.db.visitorReports.orderBy('createdAt').filter((r) => r.state === 'waiting').toArray();
      for (const row of rows) {
        const outcome = await this.send(row, { progress: false });
        if (outcome.state === 'waiting') return { changed, waiting: true };
        changed.push(row.key);
      }
      return { changed, waiting: false };
    });
  }

  /** The reports kept on this device, newest first; sent and refused ones go after KEPT_REPORT_DAYS. */
  async list(): Promise<VisitorReportRow[]> {
    const before = new Date(this.now() - KEPT_REPORT_DAYS * DAY_MS).toISOString();
    await this.db.visitorReports
      .where('createdAt')
      .below(before)
      .filter((r) => r.state !== 'waiting')
      .delete();
    return this.db.visitorReports.orderBy('createdAt').reverse().toArray();
  }

  private async update(row: VisitorReportRow, changes: Partial<VisitorReportRow>): Promise<VisitorReportRow> {
    const next = { ...row, ...changes };
    await this.db.visitorReports.put(next);
    return next;
  }

  private async prunePlaces(): Promise<void> {
    const count = await this.db.labelPlaces.count();
    if (count <= KEPT_PLACES) return;
    const oldest = await this.db.labelPlaces.orderBy('savedAt').limit(count - KEPT_PLACES).primaryKeys();
    await this.db.labelPlaces.bulkDelete(oldest);
  }
}

/** The body as the server takes it: JSON, or multipart with the photo. */
function bodyOf(row: VisitorReportRow): { json: object } | { form: FormData } {
  const fields = { code: row.code, description: row.description, name: row.name, email: row.email, phone: row.phone, website: row.website };
  if (!row.photo) return { json: fields };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', row.photo.blob as Blob, row.photo.name);
  return { form };
}

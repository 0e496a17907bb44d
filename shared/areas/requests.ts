/**
 * Requests from a label (docs/decisions.md: Requests at the label): the visitor's form, its send
 * and the status page's read, from a tab to the data worker (`src-worker/areas/requests.ts`). They
 * need no account: the calls go without one.
 */
import type { Page } from '../api/common.js';
import type { RequestForm, RequestStatus, RequestStatusView, RequestTaken, WorkRequest } from '../api/requests.js';
import type { WorkOrder } from '../api/workorders.js';
import type { ChosenFile, MutationResult, ReadResult } from '../data/call-results.js';

/** What the visitor typed, and the photo they chose. */
export interface VisitorRequest {
  code: string;
  description: string;
  name: string;
  email: string;
  phone: string;
  /** The hidden field: left empty by people. */
  website: string;
  photo: ChosenFile | null;
  /** One key per report, kept by the form, so a send repeated after a failure is one request. */
  key: string;
}

/**
 * A report as this device keeps it (`src-worker/visitor/visitor-reports.ts`): waiting for a
 * connection, sent (with its number and status page), or refused by the server when it was sent in
 * the background (with why).
 */
export interface KeptReport {
  key: string;
  /** Where the label is, as the form showed it (empty when it could not know offline). */
  place: string;
  code: string;
  description: string;
  createdAt: string;
  state: 'waiting' | 'sent' | 'refused';
  taken: RequestTaken | null;
  refusal: string | null;
}

/** What became of a send: taken now, or kept on the device to go later (`busy`: the server asked to wait). */
export type ReportSent = { state: 'sent'; taken: RequestTaken } | { state: 'kept'; busy: boolean };

export interface RequestsCalls {
  /**
   * Where the label is, read now (and kept), or as kept when there is no connection; null offline
   * for a label never opened on this device. Refused (404) when it takes no requests.
   */
  form(code: string): Promise<RequestForm | null>;
  /**
   * Keeps the report on the device (its photo fitted first) and sends it: taken, or kept to go
   * once the connection returns. A refusal (a field, a closed label) is thrown and nothing is kept.
   */
  send(input: VisitorRequest, place: string): Promise<ReportSent>;
  /** The reports kept on this device, newest first. */
  keptReports(): Promise<KeptReport[]>;
  /** Sends the reports still waiting, then answers them all as keptReports does. */
  sendKept(): Promise<KeptReport[]>;
  /** The report's status for its sender. */
  status(token: string): Promise<RequestStatusView>;
  /** Triage (full access): a page of requests, new ones first; the saved page offline. */
  list(params: { page: number; status: RequestStatus | null }): Promise<ReadResult<Page<WorkRequest>>>;
  /**
   * "Already open here": the work orders not completed at the request's location, those on its
   * asset first, then the newest; from the working set (so offline too), else the location's newest page.
   */
  openHere(request: Pick<WorkRequest, 'location' | 'asset'>): Promise<WorkOrder[]>;
  /** Into a work order at the request's place: sent now, or queued and sent once. */
  accept(id: number): Promise<MutationResult<{ work_order_id: number }>>;
  /**
   * Turned down with a reason its sender reads (and, for the same problem as an open work order,
   * that order's number): sent now, or queued and sent once.
   */
  reject(id: number, reason: string, duplicateOf?: number | null): Promise<MutationResult<WorkRequest>>;
}

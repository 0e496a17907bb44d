/**
 * Requests from a label (docs/decisions.md: Requests at the label): the visitor's form, its send
 * and the status page's read, from a tab to the data worker (`src-worker/areas/requests.ts`). They
 * need no account: the calls go without one.
 */
import type { Page } from '../api/common.js';
import type { RequestForm, RequestStatus, RequestStatusView, RequestTaken, WorkRequest } from '../api/requests.js';
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

export interface RequestsCalls {
  /** Where the label is; refused (404) when it takes no requests. */
  form(code: string): Promise<RequestForm>;
  /** Sends the report now (its photo fitted on the device first); the number and the status page's address. */
  send(input: VisitorRequest): Promise<RequestTaken>;
  /** The report's status for its sender. */
  status(token: string): Promise<RequestStatusView>;
  /** Triage (full access): a page of requests, new ones first; the saved page offline. */
  list(params: { page: number; status: RequestStatus | null }): Promise<ReadResult<Page<WorkRequest>>>;
  /** Into a work order at the request's place: sent now, or queued and sent once. */
  accept(id: number): Promise<MutationResult<{ work_order_id: number }>>;
  /** Turned down with a reason its sender reads: sent now, or queued and sent once. */
  reject(id: number, reason: string): Promise<MutationResult<WorkRequest>>;
}

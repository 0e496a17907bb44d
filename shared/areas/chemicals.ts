/** The chemicals and washes calls from a tab to the data worker (`src-worker/domains/chemicals.ts`, `washes.ts`). */
import type { Chemical, ChemicalQuantityRecord } from '../api/chemicals.js';
import type { Page } from '../api/common.js';
import type { ReportSentResponse } from '../api/reports.js';
import type { WashPackage, WashRecord } from '../api/washes.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/protocol.js';

export interface ChemicalQuantityInput {
  /** 'fill' adds to the stock at the location, 'inventory' replaces it (spec 4). */
  kind: 'fill' | 'inventory';
  /** The chemical_location entry (the chemical at one location). */
  entryId: number;
  quantity: number;
  /** YYYY-MM-DD: the device's date when the user acted. */
  date: string;
}

export interface ChemicalsApi {
  list(params: { page?: number; location?: number | null }): Promise<ReadResult<Page<Chemical>>>;
  get(id: number): Promise<ReadResult<Chemical>>;
  /** Queued while offline, sent once. */
  recordQuantity(chemical: { id: number; label: string }, input: ChemicalQuantityInput): Promise<MutationResult<ChemicalQuantityRecord>>;
  /** The chemical inventory report of the report location (PDF); needs a connection. */
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}

export interface WashesApi {
  /** The wash packages of a car wash (saved for offline counting). */
  packages(location: number): Promise<ReadResult<WashPackage[]>>;
  /** One count of one package on the device's date; queued while offline, sent once. */
  record(location: { id: number; label: string }, input: { washPackage: number; count: number; date: string }): Promise<MutationResult<WashRecord>>;
  /** The car wash report of a location (PDF, month to date); needs a connection. */
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}

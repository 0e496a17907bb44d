/** The chemicals and washes calls from a tab to the data worker (`src-worker/areas/chemicals.ts`, `washes.ts`). */
import type { Chemical, ChemicalQuantityRecord } from '../api/chemicals.js';
import type { ReportSentResponse } from '../api/reports.js';
import type { WashPackage, WashRecord } from '../api/washes.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/call-results.js';
import type { QuantityInput, StockCalls } from './stock.js';

export interface ChemicalQuantityInput extends QuantityInput {
  /** The chemical_location entry (the chemical at one location). */
  entryId: number;
}

/** The report is the chemical inventory report of the report location. */
export type ChemicalsCalls = StockCalls<Chemical, ChemicalQuantityInput, ChemicalQuantityRecord>;

export interface WashesCalls {
  /** The wash packages of a car wash (saved for offline counting). */
  packages(location: number): Promise<ReadResult<WashPackage[]>>;
  /** One count of one package on the device's date; queued while offline, sent once. */
  record(location: { id: number; label: string }, input: { washPackage: number; count: number; date: string }): Promise<MutationResult<WashRecord>>;
  /** The car wash report of a location (PDF, month to date); needs a connection. */
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}

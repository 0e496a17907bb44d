/** The parts area's calls from a tab to the data worker (`src-worker/areas/parts.ts`). */
import type { Part, PartQuantityRecord } from '../api/parts.js';
import type { QuantityInput, StockApi } from './stock.js';

/** The report is the part inventory report of a location. */
export type PartsApi = StockApi<Part, QuantityInput, PartQuantityRecord>;

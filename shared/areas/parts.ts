/** The parts area's calls from a tab to the data worker (`src-worker/areas/parts.ts`). */
import type { Part, PartQuantityRecord } from '../api/parts.js';
import type { QuantityInput, StockCalls } from './stock.js';

/** The report is the part inventory report of a location. */
export type PartsCalls = StockCalls<Part, QuantityInput, PartQuantityRecord>;

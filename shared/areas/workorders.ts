/** The work-order area's calls from a tab to the data worker (implemented in `src-worker/areas/workorders.ts`). */
import type { Page } from '../api/common.js';
import type { WorkOrder } from '../api/workorders.js';
import type { ChosenFile, MutationResult, ReadResult } from '../data/call-results.js';
import type { StatusCalls } from './claims.js';

export interface WorkOrderListParams {
  page?: number;
  location?: number | null;
  search?: string | null;
}

export interface NewWorkOrder {
  locationId: number;
  description: string;
  files: ChosenFile[];
  /** The asset the problem is with, at the location (optional; full-access users). */
  assetId?: number | null;
}

export interface WorkordersCalls extends StatusCalls<WorkOrder> {
  list(params: WorkOrderListParams): Promise<ReadResult<Page<WorkOrder>>>;
  get(id: number): Promise<ReadResult<WorkOrder>>;
  create(input: NewWorkOrder): Promise<MutationResult<WorkOrder>>;
}

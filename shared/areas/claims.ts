/**
 * Claim, unclaim and complete: the calls of every area whose records are claimed by one person and
 * then completed (work orders, maintenance tasks), with one server contract (POST `<id>/claim/`,
 * `/unclaim/`, `/complete/`). The worker defines the three writes once (`src-worker/kit/status-writes.ts`)
 * and the tabs draw their buttons once (`src-ui/kit/StatusActions.tsx`).
 */
import type { MutationResult } from '../data/call-results.js';

export type StatusAction = 'claim' | 'unclaim' | 'complete';

export interface StatusCalls<T = unknown> {
  claim(id: number): Promise<MutationResult<T>>;
  unclaim(id: number): Promise<MutationResult<T>>;
  complete(id: number, fieldNotes: string): Promise<MutationResult<T>>;
}

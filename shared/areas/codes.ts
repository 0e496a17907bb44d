/**
 * Label codes as a tab reads them through the data worker (`src-worker/areas/codes.ts`;
 * docs/decisions.md: Labels and scanning): what a scanned or typed code opens.
 */
import type { CodeTarget } from '../rules/record-codes.js';
import type { ReadResult } from '../data/call-results.js';

export interface CodesCalls {
  /**
   * The record that `text` (a label's link as a camera read it, or a code as typed) names, for this
   * user: asked of the server while online, found among the records kept on the device otherwise
   * (`fromCache`). Refused as not found when the text is none of our codes or no record has it,
   * and as forbidden for an asset's code to a user who may not open assets.
   */
  resolve(text: string): Promise<ReadResult<CodeTarget>>;
}

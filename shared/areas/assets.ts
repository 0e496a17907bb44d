/** The assets area's calls from a tab to the data worker (`src-worker/areas/assets.ts`). */
import type { Asset } from '../api/assets.js';
import type { Page } from '../api/common.js';
import type { AssetType } from '../constants.js';
import type { BinaryAnswer, ChosenFile, MutationResult, ReadResult } from '../data/call-results.js';
import type { AssetHistoryEntry } from '../api/asset-history.js';

/** The values of the Create and Update Asset forms, as the server names them. */
export interface AssetFields {
  brand: string;
  name: string;
  description: string;
  asset_type: AssetType;
  serial_number: string;
  /** Null: no location. */
  location_id: number | null;
  /** YYYY-MM-DD, or null. */
  acquisition_date: string | null;
  purchase_price: number | null;
}

export interface NewAsset {
  fields: AssetFields;
  /** An image; the data worker makes it fit (long edge 2,048 px) before sending. */
  thumbnail: ChosenFile | null;
}

/** An edit: only the changed fields (and a new thumbnail, if chosen), based on the version the form showed. */
export interface AssetEdit {
  version: number;
  changes: Partial<AssetFields>;
  thumbnail: ChosenFile | null;
}

/**
 * Assets are not offline actions (behaviour §4): creates, edits and moves are sent now, and without a
 * connection they say so and keep the form.
 */
export interface AssetsCalls {
  list(params: { page?: number; location?: number | null }): Promise<ReadResult<Page<Asset>>>;
  get(id: number): Promise<ReadResult<Asset>>;
  create(input: NewAsset): Promise<MutationResult<Asset>>;
  update(id: number, edit: AssetEdit): Promise<MutationResult<Asset>>;
  /** Move Asset: a new location, based on the version shown (a stale one is refused). */
  move(id: number, move: { version: number; location_id: number }): Promise<MutationResult<Asset>>;
  /** Every asset at a location, by name (the work-order form's asset choice); the kept ones offline. */
  atLocation(location: number): Promise<ReadResult<Asset[]>>;
  /** A page of the asset's history (docs/decisions.md: Asset history); the saved page offline. */
  history(id: number, page: number): Promise<ReadResult<Page<AssetHistoryEntry>>>;
  /** The label sheet of the assets at a location (a PDF made by the server: needs a connection). */
  labels(location: number): Promise<BinaryAnswer>;
}

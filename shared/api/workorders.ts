/** Work orders: the request schemas the server checks and the shapes it answers with. */
import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LIMIT, type WorkOrderStatus } from '../constants.js';
import { Id, LocationSearchQuery, type EveryKey, type LocationRef, type UserRef } from './common.js';
import type { WorkOrderCosts } from './labour.js';
import { msg } from '../i18n/translate.js';

/** GET workorders/?page=&location=&search= (the list screen sends its text box as `search`). */
export const WorkOrderListQuery = LocationSearchQuery;
export type WorkOrderListQuery = Static<typeof WorkOrderListQuery>;

/**
 * POST workorders/ as multipart/form-data (location_id, description, any number of `new_attachments`
 * files) or as JSON without files. Both fields are optional here so that a missing one is reported
 * together with the others by the route (behaviour §5: location and description are required).
 */
export const WorkOrderCreateBody = Type.Object({
  location_id: Type.Optional(Id),
  description: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
  /**
   * The asset the problem is with (docs/decisions.md: Labels and scanning): optional, and only for
   * users who may read assets; it must be at the chosen location.
   */
  asset_id: Type.Optional(Id),
  /** One file or a list of files; only meaningful in a multipart body. */
  new_attachments: Type.Optional(Type.Unknown()),
});
export type WorkOrderCreateBody = Static<typeof WorkOrderCreateBody>;

/** The refusals of `asset_id` (beside DRF's unknown-pk text for an asset that does not exist). */
export const ASSET_NOT_AT_LOCATION = msg('This asset is not at the chosen location.');
export const ASSET_LINK_NOT_ALLOWED = msg('Your account cannot link an asset to a work order.');

/** POST workorders/{id}/complete/: field notes are optional (behaviour §5); null or blank store none. */
export const WorkOrderCompleteBody = Type.Object({
  field_notes: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
});
export type WorkOrderCompleteBody = Static<typeof WorkOrderCompleteBody>;

export interface WorkOrderAttachment {
  id: number;
  /** Absolute URL of the file; it opens without the Authorization header. */
  file: string;
  name: string;
  content_type: string;
  size: number;
}

export const WORK_ORDER_ATTACHMENT_KEYS = { id: true, file: true, name: true, content_type: true, size: true } satisfies EveryKey<WorkOrderAttachment>;

/** The asset a work order is about, as the order shows it (its name and its label's code). */
export interface WorkOrderAsset {
  id: number;
  name: string;
  code: string;
}

export const WORK_ORDER_ASSET_KEYS = { id: true, name: true, code: true } satisfies EveryKey<WorkOrderAsset>;

export interface WorkOrder {
  id: number;
  status: WorkOrderStatus;
  description: string;
  location: LocationRef;
  location_id: number;
  location_name: string;
  created_at: string;
  updated_at: string;
  created_by: UserRef;
  /** The claimer while Claimed or Completed; empty while Pending. */
  assigned_to: UserRef[];
  claimed_at: string | null;
  field_notes: string | null;
  completed_at: string | null;
  completed_by: UserRef | null;
  attachments: WorkOrderAttachment[];
  /**
   * The asset the order is about, null for none (migration 0014). Absent from orders a device
   * saved from an older server: read it as null.
   */
  asset_id: number | null;
  asset: WorkOrderAsset | null;
  /**
   * What the work cost so far (docs/decisions.md: What the work costs): finished labour entries
   * and parts; running timers count once stopped. Null for users without full access, and absent
   * from orders a device saved from an older server: read it as null.
   */
  costs: WorkOrderCosts | null;
}

export const WORK_ORDER_KEYS = {
  id: true,
  status: true,
  description: true,
  location: true,
  location_id: true,
  location_name: true,
  created_at: true,
  updated_at: true,
  created_by: true,
  assigned_to: true,
  claimed_at: true,
  field_notes: true,
  completed_at: true,
  completed_by: true,
  attachments: true,
  asset_id: true,
  asset: true,
  costs: true,
} satisfies EveryKey<WorkOrder>;

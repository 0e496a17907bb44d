/** Work orders: the request schemas the server checks and the shapes it answers with. */
import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LIMIT, type WorkOrderStatus } from '../constants.js';
import { Id, PageNumber, type EveryKey, type LocationRef, type UserRef } from './common.js';

/** GET workorders/?page=&location=&search= (the list screen sends its text box as `search`). */
export const WorkOrderListQuery = Type.Object({
  page: Type.Optional(PageNumber),
  location: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type WorkOrderListQuery = Static<typeof WorkOrderListQuery>;

/**
 * POST workorders/ as multipart/form-data (location_id, description, any number of `new_attachments`
 * files) or as JSON without files. Both fields are optional here so that a missing one is reported
 * together with the others by the route (behaviour §5: location and description are required).
 */
export const WorkOrderCreateBody = Type.Object({
  location_id: Type.Optional(Id),
  description: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
  /** One file or a list of files; only meaningful in a multipart body. */
  new_attachments: Type.Optional(Type.Unknown()),
});
export type WorkOrderCreateBody = Static<typeof WorkOrderCreateBody>;

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
} satisfies EveryKey<WorkOrder>;

/**
 * Requests from people without an account (docs/decisions.md: Requests at the label): the form a
 * label's link opens for a visitor, what it sends, the status page's answer, and the triage of
 * full-access users, who turn a request into a work order or turn it down with a reason.
 */
import { Type, type Static } from '@sinclair/typebox';
import { NAME_LIMIT, TEXT_LIMIT } from '../constants.js';
import { Id, type EveryKey, type LocationRef } from './common.js';
import { t } from '../i18n/translate.js';

export const REQUEST_STATUSES = ['new', 'accepted', 'rejected', 'completed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const PHONE_LIMIT = 64;
/**
 * The hidden field a person leaves empty: a request that fills it is answered as if it were taken
 * and kept nowhere (an automated sender sees nothing to adapt to).
 */
export const HIDDEN_FIELD = 'website';

/** GET public/requests/form/{code}/: where the label is, for the form's heading. */
export interface RequestForm {
  location: { name: string };
  asset: { name: string } | null;
}

/** POST public/requests/ (JSON, or multipart with `photo`). Every field is checked by the route, so each problem is named. */
export const PublicRequestBody = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 64 })),
  description: Type.Optional(Type.String({ maxLength: TEXT_LIMIT + 100 })),
  name: Type.Optional(Type.Union([Type.String({ maxLength: NAME_LIMIT + 100 }), Type.Null()])),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 400 }), Type.Null()])),
  phone: Type.Optional(Type.Union([Type.String({ maxLength: PHONE_LIMIT + 100 }), Type.Null()])),
  [HIDDEN_FIELD]: Type.Optional(Type.Union([Type.String({ maxLength: 2_000 }), Type.Null()])),
});
export type PublicRequestBody = Static<typeof PublicRequestBody>;

/** 201 to a request taken: its number and the page its sender follows it on. */
export interface RequestTaken {
  id: number;
  status_url: string;
}

/** GET public/requests/{token}/: what the sender may know, and nothing else. */
export interface RequestStatusView {
  status: RequestStatus;
  reason: string | null;
  created_at: string;
}

/** GET requests/?status=&location= */
export const RequestListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  status: Type.Optional(Type.String({ enum: [...REQUEST_STATUSES] })),
  location: Type.Optional(Id),
});
export type RequestListQuery = Static<typeof RequestListQuery>;

/**
 * POST requests/{id}/reject/: the reason its sender reads; `duplicate_of`, the open work order it is
 * the same problem as (the request then links to that order, as an accepted one links to its own).
 */
export const RejectBody = Type.Object({
  reason: Type.Optional(Type.Union([Type.String({ maxLength: TEXT_LIMIT + 100 }), Type.Null()])),
  duplicate_of: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type RejectBody = Static<typeof RejectBody>;

/** A request as full-access users triage it. */
export interface WorkRequest {
  id: number;
  status: RequestStatus;
  location: LocationRef;
  asset: { id: number; name: string } | null;
  description: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** A link to the photo, or null. */
  photo: string | null;
  reason: string | null;
  /** The work order it became, once accepted; or, turned down as the same problem, the order it duplicates. */
  work_order_id: number | null;
  created_at: string;
  decided_at: string | null;
  decided_by: { id: number; first_name: string; last_name: string } | null;
}

export const WORK_REQUEST_KEYS = {
  id: true,
  status: true,
  location: true,
  asset: true,
  description: true,
  name: true,
  email: true,
  phone: true,
  photo: true,
  reason: true,
  work_order_id: true,
  created_at: true,
  decided_at: true,
  decided_by: true,
} satisfies EveryKey<WorkRequest>;

/** The texts the routes answer with. */
export const REQUEST_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get closed() { return t('This label does not take requests.'); },
  get labelBusy() { return t('This label has had many requests today. Please tell the staff on site, or try again tomorrow.'); },
  get reasonNeeded() { return t('Say why the request is turned down.'); },
  get alreadyDecided() { return t('This request was already decided.'); },
};

/**
 * Notifications by mail (docs/decisions.md: Notifications by mail): what each user asks to be
 * mailed about, read and written at `notifications/settings/` (own settings only), and the public
 * one-click unsubscribe at `notifications/unsubscribe/?token=…` that every notification mail links to
 * (and every mail to a request's sender, with a token of its own kind: docs/decisions.md, Requests
 * at the label).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, type EveryKey } from './common.js';
import { msg } from '../i18n/translate.js';

export interface NotificationSettings {
  /** A work order is created at one of `locations`. */
  order_created: boolean;
  /** A work order the user created is claimed. */
  order_claimed: boolean;
  /** A work order the user created is completed. */
  order_completed: boolean;
  /** A maintenance task at one of `locations` becomes due or past due (full-access users only). */
  task_due: boolean;
  /**
   * Someone sends a request from a label at one of `locations` (full-access users only). Always
   * answered; a PUT may leave it out (a client from before it), which keeps the saved choice.
   */
  request_created?: boolean;
  /**
   * A part at one of `locations` becomes short: below zero on hand, or at or under its reorder point
   * (full-access users only; docs/decisions.md: What the work costs). Always answered; a PUT may leave
   * it out (a client from before it), which keeps the saved choice.
   */
  part_short?: boolean;
  /** One mail a day with everything instead of one mail each. */
  digest: boolean;
  /** The locations whose new work orders, due tasks, new requests and short parts are mailed. */
  locations: number[];
}

export const NOTIFICATION_SETTINGS_KEYS = {
  order_created: true,
  order_claimed: true,
  order_completed: true,
  task_due: true,
  request_created: true,
  part_short: true,
  digest: true,
  locations: true,
} satisfies EveryKey<NotificationSettings>;

/** At most this many locations are chosen (a site has a few hundred at most). */
export const NOTIFICATION_LOCATIONS_MAX = 1000;

/** The body of PUT notifications/settings/: every field, as answered. */
export const NotificationSettingsBody = Type.Object({
  order_created: Type.Boolean(),
  order_claimed: Type.Boolean(),
  order_completed: Type.Boolean(),
  task_due: Type.Boolean(),
  request_created: Type.Optional(Type.Boolean()),
  part_short: Type.Optional(Type.Boolean()),
  digest: Type.Boolean(),
  locations: Type.Array(Id, { maxItems: NOTIFICATION_LOCATIONS_MAX, uniqueItems: true }),
});
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

export const UnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The signed token of the mail’s unsubscribe link' }),
});
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

/** Every setting off, no location: a user who never saved any. */
export const NO_NOTIFICATIONS: NotificationSettings = {
  order_created: false,
  order_claimed: false,
  order_completed: false,
  task_due: false,
  request_created: false,
  part_short: false,
  digest: false,
  locations: [],
};

export const TASK_DUE_NOT_ALLOWED = msg('Your account cannot open maintenance tasks, so it cannot be mailed about them.');
export const REQUEST_CREATED_NOT_ALLOWED = msg('Your account cannot triage requests, so it cannot be mailed about new ones.');
export const PART_SHORT_NOT_ALLOWED = msg('Your account cannot see stock costs and reorder points, so it cannot be mailed about short parts.');
export const UNSUBSCRIBE_INVALID = msg('This unsubscribe link is not valid. Open Notifications in the app to change your mails.');
export const UNSUBSCRIBE_USED = msg('This unsubscribe link has been used already, or your settings changed since it was sent. Open Notifications in the app to change your mails.');
export const UNSUBSCRIBED = msg('You will get no more notification mails. Choose them again under Notifications in the app.');

/** The pages of the unsubscribe link in the mails to a request's sender (who has no account). */
export const REQUEST_UNSUBSCRIBE_INVALID = msg('This unsubscribe link is not valid.');
export const REQUEST_UNSUBSCRIBE_USED = msg('This address gets no mails about reported problems any more.');
export const REQUEST_UNSUBSCRIBED = msg('You will get no more mails about the problems you report. The status page of each report still shows where it stands.');

/**
 * Administration for staff users: the team's accounts and the contact inbox (`/admin/...`). The
 * lists are read through the cache like every other (saved, shown offline with the notice); the
 * changes are sent now or not at all: without a connection they say so and nothing is stored, since
 * a deactivation or a staff right replayed hours later could undo a decision made since.
 */
import type { AdminContactMessage, AdminMailSent, AdminUser, AdminUserPatch } from '../../shared/api/admin.js';
import type { UserChange, UserMail } from '../../shared/areas/admin.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import { ERROR_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import { defineWrite, type WriteAction } from '../outbox/write-action.js';
import { writeNow } from '../outbox/write-now.js';
import { defineArea } from '../kit/area.js';
import type { AreaContext } from '../kit/area-context.js';
import { recordsAt } from '../kit/records.js';

export const users = recordsAt<AdminUser>('admin/users/');
export const contactMessages = recordsAt<AdminContactMessage>('admin/contact-messages/');

/** What each change of the Users screen sends. */
export const USER_CHANGES: Record<UserChange, AdminUserPatch> = {
  grantFullAccess: { full_feature_access: true },
  revokeFullAccess: { full_feature_access: false },
  deactivate: { is_active: false },
  reactivate: { is_active: true },
  makeStaff: { is_staff: true },
  removeStaff: { is_staff: false },
};

const USER_MAIL_PATHS: Record<UserMail, string> = {
  resendActivation: 'resend_activation/',
  resetPassword: 'reset_password/',
};

/** Never queued: the "queued" text is the one said when there is no connection. */
const sentNow = (success: string, failure: string) => ({ success, failure, queued: ERROR_MESSAGES.needsConnection });

const changeUser = defineWrite<AdminUser>({
  area: 'admin',
  action: 'changeUser',
  request: (item) => ({ method: 'PATCH', path: users.detailPath(item.targetId ?? ''), json: item.payload }),
  // Every saved page of users and the user's detail; the answer becomes the fresh detail.
  invalidates: users.staleAfterWrite,
  saves: users.savesRecord,
  // The toast names the account (below); this is the fallback only.
  messages: sentNow('', SCREEN_MESSAGES.admin.changeUser),
});

const mailUser = defineWrite<AdminMailSent, { path: string }>({
  area: 'admin',
  action: 'mailUser',
  request: (item) => ({ method: 'POST', path: `${users.detailPath(item.targetId ?? '')}${item.payload.path}` }),
  // A mail changes nothing that is shown.
  invalidates: () => ({}),
  messages: sentNow('', SCREEN_MESSAGES.admin.mailUser),
});

const markMessage = defineWrite<AdminContactMessage>({
  area: 'admin',
  action: 'markMessage',
  request: (item) => ({ method: 'PATCH', path: contactMessages.detailPath(item.targetId ?? ''), json: item.payload }),
  // There is no detail read of a message, so only the saved pages are dropped.
  invalidates: () => ({ prefixes: [contactMessages.listPrefix] }),
  messages: sentNow('', SCREEN_MESSAGES.admin.markMessage),
});

/** Sent now; the answer's toast is worded from the server's answer. */
async function send<Answer>(
  ctx: AreaContext,
  action: WriteAction<Answer>,
  id: number,
  payload: JsonValue,
  message: (answer: Answer) => string,
): Promise<MutationResult<Answer>> {
  const result = await writeNow(ctx, action, { targetId: String(id), payload });
  return result.status === 'done' ? { ...result, message: message(result.data) } : result;
}

export const area = defineArea({
  name: 'admin',
  calls: (ctx) => ({
    users: (params) => users.list(ctx, params.page, { search: params.search }),
    user: (id) => users.get(ctx, id),
    changeUser: (id, change) => send(ctx, changeUser, id, { ...USER_CHANGES[change] }, (user) => SUCCESS_MESSAGES.admin[change](user.email)),
    setHourlyRate: (id, rate) => send(ctx, changeUser, id, { hourly_rate: rate }, (user) => SUCCESS_MESSAGES.admin.hourlyRate(user.email)),
    mailUser: (id, mail) => send(ctx, mailUser, id, { path: USER_MAIL_PATHS[mail] }, (answer) => answer.detail),
    messages: (params) => contactMessages.list(ctx, params.page),
    markMessage: (id, read) =>
      send(ctx, markMessage, id, { read }, (message) => (message.read ? SUCCESS_MESSAGES.admin.markRead : SUCCESS_MESSAGES.admin.markUnread)),
  }),
});

/**
 * Staff-only administration under /admin/: the team's accounts (the rules live in
 * users-admin.service.ts, shared with the command line) and the contact inbox.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACTIVATION_MAIL_SENT,
  AdminUserPatch,
  AdminUsersQuery,
  ContactReadPatch,
  RESET_MAIL_SENT,
  type AdminMailSent,
} from '../../../shared/api/admin.js';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { HttpError, fieldError, forbidden, invalid, notFound, throwIfErrors, unauthorized, type FieldErrors } from '../../http/errors.js';
import { hourlyRateField } from '../../http/numbers.js';
import { unitsToCents } from '../../../shared/rules/money.js';
import { currentUser } from '../../http/access.js';
import { IdParams } from '../../http/params.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import type { Mail } from '../../mail/mailer.js';
import { activationMailFor, awaitsActivation, passwordResetMailFor } from '../auth/auth.emails.js';
import { presentAdminContactMessage } from '../contact/contact.presenter.js';
import { presentAdminUser } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import { ActorNotAllowedError, AdminRuleError, usersAdminService } from './users-admin.service.js';
import { t } from '../../../shared/i18n/translate.js';

export const ADMIN_MAIL_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get alreadyActivated() { return t('This account has already been activated.'); },
  get inactive() { return t('This account is deactivated; reactivate it before sending a password reset mail.'); },
  get notSent() { return t('The mail could not be sent. Please try again later.'); },
};

export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { repositories, mailer } = deps;
  const { users } = repositories;
  const admin = usersAdminService(deps);
  const messages = repositories.contact;
  const staff = { access: 'staff' as const };
  /** Mail goes out whatever the database does, so an idempotent retry must not wait on a transaction. */
  const staffMail = { access: 'staff' as const, idempotency: 'outside-transaction' as const };

  async function userOr404(id: number): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw notFound();
    return user;
  }

  /** A mail the staff user asked for: unlike the public account forms, its failure is reported. */
  async function send(mail: Mail, log: FastifyInstance['log']): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (err) {
      log.error({ err, to: mail.to, subject: mail.subject }, 'admin mail could not be sent');
      throw new HttpError(503, { detail: ADMIN_MAIL_MESSAGES.notSent });
    }
  }

  app.get<{ Querystring: AdminUsersQuery }>('/admin/users/', { schema: { querystring: AdminUsersQuery }, config: staff }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await admin.list(request.query.search, window);
    return pageOf(request, window, count, rows.map(presentAdminUser));
  });

  app.get<{ Params: IdParams }>('/admin/users/:id/', { schema: { params: IdParams }, config: staff }, async (request) => presentAdminUser(await userOr404(request.params.id)));

  app.patch<{ Params: IdParams; Body: AdminUserPatch }>('/admin/users/:id/', { schema: { params: IdParams, body: AdminUserPatch }, config: staff }, async (request) => {
    const { hourly_rate, ...flags } = request.body;
    const errors: FieldErrors = {};
    // The rate is sent in currency units and kept in cents.
    const rate = hourly_rate === undefined ? null : hourlyRateField(errors, hourly_rate);
    throwIfErrors(errors);
    let result;
    try {
      result = await admin.change({ id: currentUser(request).id }, request.params.id, { ...flags, hourly_rate_cents: rate === null ? undefined : unitsToCents(rate) });
    } catch (err) {
      if (err instanceof AdminRuleError) throw invalid({ [err.field]: err.messages });
      // Deactivated or demoted while the request was on its way: answered as the next request would be.
      if (err instanceof ActorNotAllowedError) throw err.reason === 'inactive' ? unauthorized(t('User is inactive'), 'user_inactive') : forbidden();
      throw err;
    }
    if (!result) throw notFound();
    if (result.changed.length) request.log.info({ user: result.user.id, changed: result.changed }, 'user changed by staff');
    return presentAdminUser(result.user);
  });

  // A body rather than a bare 204: the idempotency record keeps (and replays) answers with a body.
  app.post<{ Params: IdParams }>('/admin/users/:id/resend_activation/', { schema: { params: IdParams }, config: staffMail }, async (request): Promise<AdminMailSent> => {
    const user = await userOr404(request.params.id);
    if (!awaitsActivation(user)) throw fieldError('non_field_errors', ADMIN_MAIL_MESSAGES.alreadyActivated);
    await send(activationMailFor(deps, user), request.log);
    return { detail: t(ACTIVATION_MAIL_SENT) };
  });

  app.post<{ Params: IdParams }>('/admin/users/:id/reset_password/', { schema: { params: IdParams }, config: staffMail }, async (request): Promise<AdminMailSent> => {
    const user = await userOr404(request.params.id);
    if (user.is_active !== 1) throw fieldError('non_field_errors', ADMIN_MAIL_MESSAGES.inactive);
    await send(passwordResetMailFor(deps, user), request.log);
    return { detail: t(RESET_MAIL_SENT) };
  });

  app.get<{ Querystring: PageQuery }>('/admin/contact-messages/', { schema: { querystring: PageQuery }, config: staff }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await messages.page(window);
    return pageOf(request, window, count, rows.map(presentAdminContactMessage));
  });

  app.patch<{ Params: IdParams; Body: ContactReadPatch }>('/admin/contact-messages/:id/', { schema: { params: IdParams, body: ContactReadPatch }, config: staff }, async (request) => {
    const row = await messages.setRead(request.params.id, request.body.read, nowIso());
    if (!row) throw notFound();
    return presentAdminContactMessage(row);
  });
}

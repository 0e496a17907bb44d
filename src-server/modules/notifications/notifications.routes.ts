/**
 * Notifications by mail (docs/decisions.md: Notifications by mail): each signed-in user reads and
 * saves their own settings; the unsubscribe link of every notification mail is public (no sign-in
 * from a mail client), signed, and works once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  NotificationSettingsBody,
  TASK_DUE_NOT_ALLOWED,
  UNSUBSCRIBE_INVALID,
  UNSUBSCRIBE_USED,
  UnsubscribeQuery,
  type NotificationSettings,
} from '../../../shared/api/notifications.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { hasFullAccess } from '../users/full-access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { doesNotExist } from '../../http/relations.js';
import { presentNotificationSettings } from './notifications.presenter.js';
import { confirmPage, donePage, refusedPage } from './unsubscribe-page.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-path.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

export async function notificationsRoutes(app: FastifyInstance, { config, repositories }: AppDeps): Promise<void> {
  const { users } = repositories;
  const settings = repositories.notificationSettings;
  const tokens = new UnsubscribeTokens(config.secretKey);

  app.get('/notifications/settings/', { schema: { description: 'Your own notification settings (every kind off and no location until saved).' }, config: { access: 'user' } }, async (request): Promise<NotificationSettings> =>
    presentNotificationSettings(await settings.find(currentUser(request).id)),
  );

  app.put<{ Body: NotificationSettingsBody }>(
    '/notifications/settings/',
    {
      schema: {
        body: NotificationSettingsBody,
        description: 'Saves your own notification settings, every field. Each location must exist; `task_due` only for users who may open maintenance tasks.',
      },
      config: { access: 'user' },
    },
    async (request): Promise<NotificationSettings> => {
      const user = currentUser(request);
      const body = request.body;
      const errors: FieldErrors = {};
      if (body.task_due && !hasFullAccess(user)) addFieldError(errors, 'task_due', TASK_DUE_NOT_ALLOWED);
      for (const id of await settings.unknownLocations(body.locations)) addFieldError(errors, 'locations', doesNotExist(id));
      throwIfErrors(errors);
      return presentNotificationSettings(await settings.save(user.id, body, nowIso()));
    },
  );

  /** The user and version a token names, or the page that says why nothing will change. */
  async function holderOf(token: string, reply: FastifyReply) {
    const claim = tokens.read(token);
    const row = claim ? await settings.find(claim.userId) : undefined;
    const user = claim ? await users.findById(claim.userId) : undefined;
    if (!claim || !row || !user) {
      void reply.code(400).type('text/html; charset=utf-8').send(refusedPage(UNSUBSCRIBE_INVALID));
      return null;
    }
    if (row.unsubscribe_version !== claim.version) {
      void reply.code(410).type('text/html; charset=utf-8').send(refusedPage(UNSUBSCRIBE_USED));
      return null;
    }
    return { claim, user };
  }

  // Form posts (the confirmation page's button, a mail client's RFC 8058 one-click POST) carry
  // `List-Unsubscribe=One-Click`; nothing in it is needed, the token is in the address.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    scope.get<{ Querystring: UnsubscribeQuery }>(
      `/${UNSUBSCRIBE_PATH}`,
      {
        schema: { querystring: UnsubscribeQuery, description: 'An HTML page asking to confirm the unsubscribe of a notification mail’s link (changes nothing). 400 for a link this server did not sign, 410 for one used already.' },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const holder = await holderOf(request.query.token, reply);
        if (!holder) return reply;
        // Relative: the page posts back to the address it was opened at (the CSP's form-action 'self').
        const action = `?token=${encodeURIComponent(request.query.token)}`;
        return reply.type('text/html; charset=utf-8').send(confirmPage(holder.user.email, action));
      },
    );

    scope.post<{ Querystring: UnsubscribeQuery }>(
      `/${UNSUBSCRIBE_PATH}`,
      {
        schema: { querystring: UnsubscribeQuery, description: 'Unsubscribes (RFC 8058 one-click; the body `List-Unsubscribe=One-Click` or none): every notification mail off, the link used up. 400 for a link this server did not sign, 410 for one used already; then nothing changes.' },
        config: { access: 'public', idempotency: 'never' },
      },
      async (request, reply) => {
        const holder = await holderOf(request.query.token, reply);
        if (!holder) return reply;
        if (!(await settings.unsubscribe(holder.claim.userId, holder.claim.version, nowIso()))) {
          return reply.code(410).type('text/html; charset=utf-8').send(refusedPage(UNSUBSCRIBE_USED));
        }
        return reply.type('text/html; charset=utf-8').send(donePage());
      },
    );
  });
}

/**
 * Notifications by mail (docs/decisions.md: Notifications by mail): each signed-in user reads and
 * saves their own settings; the unsubscribe link of every notification mail is public (no sign-in
 * from a mail client), signed, and works once. The mails to a request's sender carry the same link
 * with a token of their own kind, which stops the mails about requests to that address.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  NotificationSettingsBody,
  PART_SHORT_NOT_ALLOWED,
  REQUEST_CREATED_NOT_ALLOWED,
  REQUEST_UNSUBSCRIBE_INVALID,
  REQUEST_UNSUBSCRIBE_USED,
  REQUEST_UNSUBSCRIBED,
  TASK_DUE_NOT_ALLOWED,
  UNSUBSCRIBE_INVALID,
  UNSUBSCRIBE_USED,
  UNSUBSCRIBED,
  UnsubscribeQuery,
  type NotificationSettings,
} from '../../../shared/api/notifications.js';
import { t } from '../../../shared/i18n/translate.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { hasFullAccess } from '../users/full-access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { requestLanguage } from '../../http/request-language.js';
import { doesNotExist } from '../../http/relations.js';
import { presentNotificationSettings } from './notifications.presenter.js';
import { confirmPage, donePage, refusedPage, type UnsubscribeKind } from './unsubscribe-page.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-path.js';
import { RequestUnsubscribeTokens, UnsubscribeTokens } from './unsubscribe-tokens.js';

/** What a valid link stops: the mails to `email` of its kind; `stop` answers false when they were stopped already. */
interface Holder {
  email: string;
  kind: UnsubscribeKind;
  done: string;
  used: string;
  stop(now: string): Promise<boolean>;
}

export async function notificationsRoutes(app: FastifyInstance, { config, repositories }: AppDeps): Promise<void> {
  const { users, requests } = repositories;
  const settings = repositories.notificationSettings;
  const stops = repositories.requestMailStops;
  const tokens = new UnsubscribeTokens(config.secretKey);
  const requestTokens = new RequestUnsubscribeTokens(config.secretKey);

  app.get('/notifications/settings/', { schema: { description: 'Your own notification settings (every kind off and no location until saved).' }, config: { access: 'user' } }, async (request): Promise<NotificationSettings> =>
    presentNotificationSettings(await settings.find(currentUser(request).id)),
  );

  app.put<{ Body: NotificationSettingsBody }>(
    '/notifications/settings/',
    {
      schema: {
        body: NotificationSettingsBody,
        description:
          'Saves your own notification settings, every field (`request_created` or `part_short` left out keeps its saved value). Each location must exist; `task_due` only for users who may open maintenance tasks, `request_created` only for those who may triage requests, `part_short` only for those who see stock costs (full access).',
      },
      config: { access: 'user' },
    },
    async (request): Promise<NotificationSettings> => {
      const user = currentUser(request);
      const body = request.body;
      const errors: FieldErrors = {};
      if (body.task_due && !hasFullAccess(user)) addFieldError(errors, 'task_due', t(TASK_DUE_NOT_ALLOWED));
      if (body.request_created && !hasFullAccess(user)) addFieldError(errors, 'request_created', t(REQUEST_CREATED_NOT_ALLOWED));
      if (body.part_short && !hasFullAccess(user)) addFieldError(errors, 'part_short', t(PART_SHORT_NOT_ALLOWED));
      for (const id of await settings.unknownLocations(body.locations)) addFieldError(errors, 'locations', doesNotExist(id));
      throwIfErrors(errors);
      return presentNotificationSettings(await settings.save(user.id, body, nowIso()));
    },
  );

  /** What a token stops, or null once the page that says why nothing will change is sent. */
  async function holderOf(token: string, reply: FastifyReply): Promise<Holder | null> {
    const refuse = (code: 400 | 410, message: string) => {
      void reply.code(code).type('text/html; charset=utf-8').send(refusedPage(message, requestLanguage(reply.request)));
      return null;
    };
    if (RequestUnsubscribeTokens.shaped(token)) {
      const requestId = requestTokens.read(token);
      const email = requestId === null ? null : ((await requests.findById(requestId))?.email ?? null);
      if (email === null) return refuse(400, REQUEST_UNSUBSCRIBE_INVALID);
      if (await stops.isStopped(email)) return refuse(410, REQUEST_UNSUBSCRIBE_USED);
      return { email, kind: 'requests', done: REQUEST_UNSUBSCRIBED, used: REQUEST_UNSUBSCRIBE_USED, stop: (now) => stops.stop(email, now) };
    }
    const claim = tokens.read(token);
    const row = claim ? await settings.find(claim.userId) : undefined;
    const user = claim ? await users.findById(claim.userId) : undefined;
    if (!claim || !row || !user) return refuse(400, UNSUBSCRIBE_INVALID);
    if (row.unsubscribe_version !== claim.version) return refuse(410, UNSUBSCRIBE_USED);
    return { email: user.email, kind: 'notifications', done: UNSUBSCRIBED, used: UNSUBSCRIBE_USED, stop: (now) => settings.unsubscribe(claim.userId, claim.version, now) };
  }

  // Form posts (the confirmation page's button, a mail client's RFC 8058 one-click POST) carry
  // `List-Unsubscribe=One-Click`; nothing in it is needed, the token is in the address.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    scope.get<{ Querystring: UnsubscribeQuery }>(
      `/${UNSUBSCRIBE_PATH}`,
      {
        schema: { querystring: UnsubscribeQuery, description: 'An HTML page asking to confirm the unsubscribe of a notification mail’s link, or of a mail to a request’s sender (changes nothing). 400 for a link this server did not sign, 410 for one used already.' },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const holder = await holderOf(request.query.token, reply);
        if (!holder) return reply;
        // Relative: the page posts back to the address it was opened at (the CSP's form-action 'self').
        const action = `?token=${encodeURIComponent(request.query.token)}`;
        return reply.type('text/html; charset=utf-8').send(confirmPage(holder.email, action, holder.kind, requestLanguage(request)));
      },
    );

    scope.post<{ Querystring: UnsubscribeQuery }>(
      `/${UNSUBSCRIBE_PATH}`,
      {
        schema: { querystring: UnsubscribeQuery, description: 'Unsubscribes (RFC 8058 one-click; the body `List-Unsubscribe=One-Click` or none): every notification mail off, or from a request’s mail every mail about requests to its address; the link used up. 400 for a link this server did not sign, 410 for one used already; then nothing changes.' },
        config: { access: 'public', idempotency: 'never' },
      },
      async (request, reply) => {
        const holder = await holderOf(request.query.token, reply);
        if (!holder) return reply;
        if (!(await holder.stop(nowIso()))) return reply.code(410).type('text/html; charset=utf-8').send(refusedPage(holder.used, requestLanguage(request)));
        return reply.type('text/html; charset=utf-8').send(donePage(holder.done, requestLanguage(request)));
      },
    );
  });
}

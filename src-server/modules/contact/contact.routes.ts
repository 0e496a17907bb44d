/** Contact Us: anyone may send a message (stored, and mailed to the staff); the staff read them. */
import type { FastifyInstance } from 'fastify';
import { ContactBody } from '../../../shared/api/contact.js';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { emailField } from '../../http/email.js';
import { requiredText } from '../../http/text.js';
import type { Mail } from '../../mail/mailer.js';
import { presentContactMessage } from './contact.presenter.js';
import { type ContactMessageRow } from './contact.repository.js';

export function staffNotification(to: string, message: ContactMessageRow): Mail {
  return {
    to,
    subject: `Contact message from ${message.name}`,
    text: `A message was sent through the Contact Us form.\n\nName: ${message.name}\nEmail: ${message.email}\nSent: ${message.created_at}\n\n${message.message}\n`,
  };
}

export async function contactRoutes(app: FastifyInstance, { config, mailer, repositories }: AppDeps): Promise<void> {
  const messages = repositories.contact;

  app.post<{ Body: ContactBody }>(
    '/contact/',
    { schema: { body: ContactBody }, config: { access: 'public', idempotency: 'outside-transaction', rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const errors: FieldErrors = {};
      const name = requiredText(errors, 'name', request.body.name);
      const email = emailField(errors, 'email', request.body.email);
      const message = requiredText(errors, 'message', request.body.message);
      throwIfErrors(errors);
      const row = await messages.create({ name, email, message, user_id: request.user?.id ?? null, created_at: nowIso() });
      // The message is stored either way; a mail server that is down must not lose it or fail the sender.
      for (const to of await messages.staffEmails()) {
        await mailer.send(staffNotification(to, row)).catch((err: unknown) => request.log.error({ err, to }, 'contact notification not sent'));
      }
      return reply.code(201).send(presentContactMessage(row));
    },
  );

  app.get<{ Querystring: PageQuery }>('/contact/', { schema: { querystring: PageQuery }, config: { access: 'staff' } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await messages.page(window);
    return pageOf(request, window, count, rows.map(presentContactMessage));
  });
}

/** Djoser-compatible account routes and SimpleJWT-compatible token routes. */
import type { FastifyInstance } from 'fastify';
import { EmailBody, LoginBody, RefreshBody, RegisterBody, ResetConfirmBody, UidTokenBody, UserMePatch, VerifyBody } from '../../../shared/api/auth.js';
import { invalidChoiceMessage } from '../../../shared/api/field-messages.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
import type { Static } from '@sinclair/typebox';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { HttpError, addFieldError, fieldError, forbidden, invalid, nothingToChange, throwIfErrors, unauthorized, type FieldErrors } from '../../http/errors.js';
import { currentUser } from '../../http/access.js';
import { requiredText } from '../../http/text.js';
import { presentUser } from '../users/users.presenter.js';
import { normalizeEmail, UsersRepository, type UserRow } from '../users/users.repository.js';
import { recordActivity } from '../activity/activity.repository.js';
import { decodeUid, type AccountTokenPurpose } from './account-tokens.js';
import { activationMailFor, awaitsActivation, existingAccountMailFor, passwordResetMailFor } from './auth.emails.js';
import { emailField } from '../../http/email.js';
import { usersAdminService } from '../admin/users-admin.service.js';
import type { Mail } from '../../mail/mailer.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';
import { isCurrentAccess } from './jwt.js';
import { msg, t } from '../../../shared/i18n/translate.js';

const PASSWORDS_DIFFER = msg("The two password fields didn't match.");
export const LOOKALIKE_EMAIL = msg('This email address looks too much like that of another account. Please use another address, or ask your administrator.');

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { repositories, tokens, accountTokens, mailer, config } = deps;
  const { users } = repositories;
  // Nothing here is replayed from the idempotency record: its answers are tokens and account
  // changes that must be decided afresh (and tokens must not be stored in plain text).
  const noReplay = { idempotency: 'never' as const };
  const limited = { access: 'public' as const, ...noReplay, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  const admin = usersAdminService(deps);

  /**
   * Sends a mail without letting a mail-server failure change the answer: the answer must not
   * reveal whether an account exists, and the account change has already happened.
   */
  async function sendQuietly(mail: Mail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (err) {
      app.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
    }
  }

  /** The user a uid/token pair names, or the DRF field errors Djoser gives. */
  async function userFromLink(uid: string, token: string, purpose: AccountTokenPurpose): Promise<UserRow> {
    const id = decodeUid(uid);
    const user = id === null ? undefined : await users.findById(id);
    if (!user) throw invalid({ uid: [t("Invalid user id or user doesn't exist.")] });
    // Only an account that was never active can be activated: a deactivated one stays off.
    if (purpose === 'activation' && !awaitsActivation(user)) throw forbidden(t('Stale token for given user.'));
    if (!accountTokens.check(purpose, user, token)) throw invalid({ token: [t('Invalid token for given user.')] });
    return user;
  }

  app.post<{ Body: RegisterBody }>('/auth/users/', { schema: { body: RegisterBody }, config: limited }, async (request, reply) => {
    const b = request.body;
    const errors: FieldErrors = {};
    const email = emailField(errors, 'email', b.email);
    const first = requiredText(errors, 'first_name', b.first_name);
    const last = requiredText(errors, 'last_name', b.last_name);
    if (!b.password) addFieldError(errors, 'password', t('This field may not be blank.'));
    if (!b.re_password) addFieldError(errors, 're_password', t('This field may not be blank.'));
    if (b.password && b.re_password && b.password !== b.re_password) addFieldError(errors, 'non_field_errors', t(PASSWORDS_DIFFER));
    if (b.password) {
      const problems = passwordProblems(b.password, { email, first_name: first, last_name: last });
      if (problems.length) errors.password = problems;
    }
    const existing = email ? await users.findByEmail(email) : undefined;
    // Only accounts made before the address rule can look like an allowed address (email-address.ts).
    if (email && !existing && (await users.findLookalike(email))) addFieldError(errors, 'email', t(LOOKALIKE_EMAIL));
    throwIfErrors(errors);
    // The same answer (and the same work: a password hash, a mail) whether or not the address has
    // an account, so sign-up cannot be used to find out who has one. Its owner is told instead.
    const answer = { email, first_name: first, last_name: last };
    const passwordHash = await hashPassword(b.password);
    if (existing) {
      await sendQuietly(existingAccountMailFor(deps, existing));
      return reply.code(201).send(answer);
    }
    let user: UserRow;
    try {
      user = await users.create({ email, passwordHash, firstName: first, lastName: last, isActive: false, fullFeatureAccess: false, isStaff: false });
    } catch (err) {
      // Two sign-ups with one address at once: the unique index decides, and the loser is told as above.
      const winner = await users.findByEmail(email);
      if (!winner) throw err;
      await sendQuietly(existingAccountMailFor(deps, winner));
      return reply.code(201).send(answer);
    }
    // The account exists now whatever the mail does; a failed mail can be resent from resend_activation.
    await sendQuietly(activationMailFor(deps, user));
    return reply.code(201).send(answer);
  });

  app.post<{ Body: Static<typeof UidTokenBody> }>('/auth/users/activation/', { schema: { body: UidTokenBody }, config: limited }, async (request, reply) => {
    const user = await userFromLink(request.body.uid, request.body.token, 'activation');
    const now = nowIso();
    // The account's history tells of it, written with it (docs/decisions.md: History on every record).
    await deps.db.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(user.id, { is_active: 1, activated_at: now });
      await recordActivity(trx, { area: 'users', recordId: user.id, kind: 'activated', actorId: user.id, at: now });
    });
    return reply.code(204).send();
  });

  /** The address of a body that names one, or a 400 saying what is wrong with it. */
  function requestedEmail(body: { email: string }): string {
    const errors: FieldErrors = {};
    const email = emailField(errors, 'email', body.email);
    throwIfErrors(errors);
    return email;
  }

  app.post<{ Body: Static<typeof EmailBody> }>('/auth/users/resend_activation/', { schema: { body: EmailBody }, config: limited }, async (request, reply) => {
    const user = await users.findByEmail(requestedEmail(request.body));
    if (user && awaitsActivation(user)) await sendQuietly(activationMailFor(deps, user));
    return reply.code(204).send();
  });

  app.post<{ Body: Static<typeof EmailBody> }>('/auth/users/reset_password/', { schema: { body: EmailBody }, config: limited }, async (request, reply) => {
    const user = await users.findByEmail(requestedEmail(request.body));
    // Same answer whether or not the address exists, so the form cannot be used to probe for accounts.
    if (user && user.is_active === 1) {
      await sendQuietly(passwordResetMailFor(deps, user));
    }
    return reply.code(204).send();
  });

  app.post<{ Body: Static<typeof ResetConfirmBody> }>('/auth/users/reset_password_confirm/', { schema: { body: ResetConfirmBody }, config: limited }, async (request, reply) => {
    const b = request.body;
    const user = await userFromLink(b.uid, b.token, 'password-reset');
    const errors: FieldErrors = {};
    if (!b.new_password) addFieldError(errors, 'new_password', t('This field may not be blank.'));
    else if (b.new_password !== b.re_new_password) addFieldError(errors, 'non_field_errors', t(PASSWORDS_DIFFER));
    else {
      const problems = passwordProblems(b.new_password, user);
      if (problems.length) errors.new_password = problems;
    }
    throwIfErrors(errors);
    // A new password ends every existing login.
    await admin.setPassword(user, b.new_password);
    return reply.code(204).send();
  });

  app.get('/auth/users/me/', { config: { access: 'user' } }, async (request) => presentUser(currentUser(request)));

  /**
   * The user's own settings: the language the account speaks (docs/i18n.md), null to follow the
   * device's. Replayed from the idempotency record like other writes.
   */
  app.patch<{ Body: UserMePatch }>('/auth/users/me/', { schema: { body: UserMePatch }, config: { access: 'user' } }, async (request) => {
    const user = currentUser(request);
    const { language } = request.body;
    if (language === undefined) throw nothingToChange();
    if (language !== null && !isLanguage(language)) throw fieldError('language', invalidChoiceMessage(language));
    await users.update(user.id, { language });
    return presentUser({ ...user, language });
  });

  /**
   * Beside the per-address limit (AUTH_RATE_LIMIT), sign-ins are limited per account: once
   * LOGIN_ACCOUNT_LIMIT attempts at one address have failed within LOGIN_ACCOUNT_LOCK_MINUTES of
   * the first, further attempts answer 429 until that time is up, the right password included, so
   * guesses spread over many client addresses still get only that many tries. The count is kept in
   * the database (one statement per attempt), so every server process counts together; a sign-in
   * that succeeds clears it. An address without an account is counted the same way.
   */
  const loginFailures = repositories.loginFailures;
  const lockMs = config.loginAccountLockMinutes * 60_000;

  app.post<{ Body: Static<typeof LoginBody> }>('/auth/jwt/create/', { schema: { body: LoginBody }, config: limited }, async (request, reply) => {
    const email = requestedEmail(request.body);
    const account = normalizeEmail(email);
    const now = Date.now();
    const windowStart = new Date(now - lockMs).toISOString();
    const attempt = await loginFailures.attempt(account, new Date(now).toISOString(), windowStart);
    if (attempt.failures > config.loginAccountLimit) {
      const waitS = Math.max(1, Math.ceil((Date.parse(attempt.first_failed_at) + lockMs - now) / 1000));
      return reply
        .code(429)
        .header('retry-after', String(waitS))
        .send({
          detail: t('Too many failed sign-ins for this account. Please wait {minutes, plural, one {{minutes} minute} other {{minutes} minutes}} and try again.', { minutes: Math.ceil(waitS / 60) }),
          code: 'account_locked',
        });
    }
    const user = await users.findByEmail(email);
    const ok = user ? await verifyPassword(user.password_hash, request.body.password) : await verifyPassword(DUMMY_HASH, request.body.password);
    if (!user || !ok || user.is_active !== 1) {
      await loginFailures.purge(windowStart);
      throw unauthorized(t('No active account found with the given credentials'), 'no_active_account');
    }
    await loginFailures.clear(account);
    await users.update(user.id, { last_login: nowIso() });
    return tokens.issuePair(user.id);
  });

  app.post<{ Body: Static<typeof RefreshBody> }>('/auth/jwt/refresh/', { schema: { body: RefreshBody }, config: limited }, async (request) => {
    const rotated = await tokens.rotate(request.body.refresh);
    if (!rotated) throw unauthorized(t('Token is invalid or expired'), 'token_not_valid');
    const user = await users.findById(rotated.userId);
    if (!user || user.is_active !== 1) throw unauthorized(t('Token is invalid or expired'), 'token_not_valid');
    return { access: rotated.access, refresh: rotated.refresh };
  });

  app.post<{ Body: Static<typeof VerifyBody> }>('/auth/jwt/verify/', { schema: { body: VerifyBody }, config: { access: 'public', ...noReplay } }, async (request) => {
    // A refresh token is valid only while its login is: not rotated, revoked or expired; an access
    // token only while its user is active and no login of theirs has been ended since it was issued.
    const access = await tokens.verify(request.body.token, 'access');
    const owner = access ? await users.findById(access.user_id) : undefined;
    const currentAccess = access && owner && owner.is_active === 1 && isCurrentAccess(access, owner);
    const valid = currentAccess || (await tokens.usableRefresh(request.body.token));
    if (!valid) throw unauthorized(t('Token is invalid or expired'), 'token_not_valid');
    return {};
  });

  /** Ends the login a refresh token belongs to, on every device that shares it. */
  app.post<{ Body: Static<typeof RefreshBody> }>('/auth/jwt/logout/', { schema: { body: RefreshBody }, config: { access: 'public', ...noReplay } }, async (request, reply) => {
    if (!(await tokens.revokeByToken(request.body.refresh))) throw new HttpError(401, { detail: t('Token is invalid or expired'), code: 'token_not_valid' });
    return reply.code(204).send();
  });
}

/** Verifying against a real hash when the account does not exist keeps response times alike. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3n5aYxkrx0V4C8V5cQGcZ1y1pQ3mJq2Qy7p0fTq0g6c';

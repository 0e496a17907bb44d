import type { Mail } from '../../mail/mailer.js';
import type { Config } from '../../config.js';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { UserRow } from '../users/users.repository.js';
import { encodeUid, type AccountTokenPurpose, type AccountTokens } from './account-tokens.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
import { t } from '../../../shared/i18n/translate.js';
import { inLanguage } from '../../http/request-language.js';

export function activationMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: t('Activate your {product} account', { product: PRODUCT_NAME }),
    text: t('Hello {name},\n\nWelcome to {product}. Open this link to activate your account:\n\n{link}\n\nThe link works once and expires in 3 days. If you did not sign up, ignore this message.\n', {
      name: firstName,
      product: PRODUCT_NAME,
      link,
    }),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: t('Reset your {product} password', { product: PRODUCT_NAME }),
    text: t(
      'Hello {name},\n\nSomeone asked to reset the password of your {product} account. Open this link to choose a new one:\n\n{link}\n\nThe link works once and expires in 3 days. If it was not you, ignore this message; your password stays as it is.\n',
      { name: firstName, product: PRODUCT_NAME, link },
    ),
  };
}

/**
 * Said to the owner of an address someone tried to register again. The sign-up itself answers as
 * for a new account, so it does not tell a stranger which addresses have accounts; the owner
 * learns of it here, with the way back in. An account still waiting for activation gets a fresh
 * activation link instead of the reset page (its owner most likely lost the first mail).
 */
export function existingAccountMail(to: string, firstName: string, publicUrl: string, activationLink: string | null): Mail {
  const values = { name: firstName, product: PRODUCT_NAME };
  return {
    to,
    subject: t('Sign-up attempt with your {product} address', { product: PRODUCT_NAME }),
    // One whole message for each way back in, so a translation can order its words.
    text: activationLink
      ? t(
          'Hello {name},\n\nSomeone tried to register a new {product} account with this email address, which already has an account. No new account was made.\n\nYour account has not been activated yet. Open this link to activate it:\n\n{link}\n\nThe link works once and expires in 3 days.\n\nIf it was not you, ignore this message; your account stays as it is.\n',
          { ...values, link: activationLink },
        )
      : t(
          'Hello {name},\n\nSomeone tried to register a new {product} account with this email address, which already has an account. No new account was made.\n\nIf you forgot your password, choose a new one at:\n\n{link}\n\nIf it was not you, ignore this message; your account stays as it is.\n',
          { ...values, link: `${publicUrl}/reset-password` },
        ),
  };
}

/**
 * A mail to an account's owner is composed in the language saved on the account (docs/i18n.md);
 * without one, in the language of the request that sends it (the owner's own, when they asked).
 */
function inRecipientLanguage<T>(user: UserRow, compose: () => T): T {
  return isLanguage(user.language) ? inLanguage(user.language, compose) : compose();
}

/** What building an account link needs. */
export interface AccountLinkDeps {
  config: Pick<Config, 'publicUrl'>;
  accountTokens: AccountTokens;
}

function accountLink(deps: AccountLinkDeps, path: string, user: UserRow, purpose: AccountTokenPurpose): string {
  return `${deps.config.publicUrl}${path}/${encodeUid(user.id)}/${deps.accountTokens.make(purpose, user)}`;
}

/** Only an account that was never active can be activated: an operator's deactivation stays in force. */
export function awaitsActivation(user: UserRow): boolean {
  return user.is_active !== 1 && !user.activated_at;
}

/** The activation mail for a user, with a fresh link. */
export function activationMailFor(deps: AccountLinkDeps, user: UserRow): Mail {
  return inRecipientLanguage(user, () => activationMail(user.email, user.first_name, accountLink(deps, '/activate', user, 'activation')));
}

/** The mail to the owner of an address someone tried to register again. */
export function existingAccountMailFor(deps: AccountLinkDeps, user: UserRow): Mail {
  const activation = awaitsActivation(user) ? accountLink(deps, '/activate', user, 'activation') : null;
  return inRecipientLanguage(user, () => existingAccountMail(user.email, user.first_name, deps.config.publicUrl, activation));
}

/** The password-reset mail for a user, with a fresh link. */
export function passwordResetMailFor(deps: AccountLinkDeps, user: UserRow): Mail {
  return inRecipientLanguage(user, () => passwordResetMail(user.email, user.first_name, accountLink(deps, '/password/reset/confirm', user, 'password-reset')));
}

/**
 * What the Users screen offers for one account, and how each change is asked in its dialog. Pure,
 * so the rules are tested alone: the acting staff user is never offered a change of their own rights
 * (full access, staff) or deactivating themselves (the server refuses each too), an activation mail only for an
 * account still waiting for its link, a password reset only for an active one.
 *
 * A label, header and confirm are English (the catalogue's ids, said where drawn); a question names
 * the account, so it comes said in the active language.
 */
import type { AdminUser } from '../../../shared/api/admin';
import type { UserChange, UserMail } from '../../../shared/areas/admin';
import { msg, t } from '../../../shared/i18n/translate';
import { fullName } from '../../format/display';

export type UserAction = { kind: 'change'; change: UserChange } | { kind: 'mail'; mail: UserMail };

export interface UserActionText {
  /** The button on the user's card. */
  label: string;
  icon: string;
  header: string;
  question: string;
  confirm: string;
  /** Takes something away: the confirm button says so by its colour. */
  danger?: boolean;
}

/** Awaiting activation: registered, never activated (the server sends the activation mail only then). */
export function awaitsActivation(user: Pick<AdminUser, 'is_active' | 'activated_at'>): boolean {
  return !user.is_active && !user.activated_at;
}

export function userActions(user: AdminUser, actorId: number | null): UserAction[] {
  const self = user.id === actorId;
  const actions: UserAction[] = self ? [] : [{ kind: 'change', change: user.full_feature_access ? 'revokeFullAccess' : 'grantFullAccess' }];
  if (!user.is_active) actions.push({ kind: 'change', change: 'reactivate' });
  else if (!self) actions.push({ kind: 'change', change: 'deactivate' });
  if (!user.is_staff) actions.push({ kind: 'change', change: 'makeStaff' });
  else if (!self) actions.push({ kind: 'change', change: 'removeStaff' });
  if (awaitsActivation(user)) actions.push({ kind: 'mail', mail: 'resendActivation' });
  if (user.is_active) actions.push({ kind: 'mail', mail: 'resetPassword' });
  return actions;
}

/** "Robin Fixer (robin@example.com)", or the email alone for an account without a name. */
export function userWho(user: AdminUser): string {
  const name = fullName(user);
  return name ? `${name} (${user.email})` : user.email;
}

export function actionText(action: UserAction, user: AdminUser): UserActionText {
  const who = userWho(user);
  if (action.kind === 'mail') {
    return action.mail === 'resendActivation'
      ? {
          label: msg('Resend activation mail'),
          icon: 'pi pi-envelope',
          header: msg('Resend Activation Mail'),
          question: t('Send the activation link to {email} again?', { email: user.email }),
          confirm: msg('Send'),
        }
      : {
          label: msg('Send password reset mail'),
          icon: 'pi pi-key',
          header: msg('Send Password Reset Mail'),
          question: t('Send a password reset link to {email}? The current password keeps working until a new one is set.', { email: user.email }),
          confirm: msg('Send'),
        };
  }
  switch (action.change) {
    case 'grantFullAccess':
      return {
        label: msg('Grant full access'),
        icon: 'pi pi-unlock',
        header: msg('Grant Full Access'),
        question: t('Give {who} full access to every area?', { who }),
        confirm: msg('Grant'),
      };
    case 'revokeFullAccess':
      return {
        label: msg('Revoke full access'),
        icon: 'pi pi-lock',
        header: msg('Revoke Full Access'),
        question: t('Take full access away from {who}? They keep the work orders only.', { who }),
        confirm: msg('Revoke'),
        danger: true,
      };
    case 'deactivate':
      return {
        label: msg('Deactivate'),
        icon: 'pi pi-ban',
        header: msg('Deactivate User'),
        question: t('Deactivate {who}? They are signed out everywhere at once and cannot sign in until reactivated.', { who }),
        confirm: msg('Deactivate'),
        danger: true,
      };
    case 'reactivate':
      return {
        label: msg('Reactivate'),
        icon: 'pi pi-check-circle',
        header: msg('Reactivate User'),
        question: t('Reactivate {who}? They can sign in again.', { who }),
        confirm: msg('Reactivate'),
      };
    case 'makeStaff':
      return {
        label: msg('Make staff'),
        icon: 'pi pi-shield',
        header: msg('Make Staff'),
        question: t('Make {who} a staff user? Staff users manage every account and read the contact messages.', { who }),
        confirm: msg('Make staff'),
      };
    case 'removeStaff':
      return {
        label: msg('Remove staff'),
        icon: 'pi pi-times-circle',
        header: msg('Remove Staff Right'),
        question: t('Remove the staff right of {who}?', { who }),
        confirm: msg('Remove staff'),
        danger: true,
      };
  }
}

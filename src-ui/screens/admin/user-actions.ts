/**
 * What the Users screen offers for one account, and how each change is asked in its dialog. Pure,
 * so the rules are tested alone: the acting staff user is never offered a change of their own rights
 * (full access, staff) or deactivating themselves (the server refuses each too), an activation mail only for an
 * account still waiting for its link, a password reset only for an active one.
 */
import type { AdminUser } from '../../../shared/api/admin';
import type { UserChange, UserMail } from '../../../shared/areas/admin';
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
      ? { label: 'Resend activation mail', icon: 'pi pi-envelope', header: 'Resend Activation Mail', question: `Send the activation link to ${user.email} again?`, confirm: 'Send' }
      : {
          label: 'Send password reset mail',
          icon: 'pi pi-key',
          header: 'Send Password Reset Mail',
          question: `Send a password reset link to ${user.email}? The current password keeps working until a new one is set.`,
          confirm: 'Send',
        };
  }
  switch (action.change) {
    case 'grantFullAccess':
      return { label: 'Grant full access', icon: 'pi pi-unlock', header: 'Grant Full Access', question: `Give ${who} full access to every area?`, confirm: 'Grant' };
    case 'revokeFullAccess':
      return { label: 'Revoke full access', icon: 'pi pi-lock', header: 'Revoke Full Access', question: `Take full access away from ${who}? They keep the work orders only.`, confirm: 'Revoke', danger: true };
    case 'deactivate':
      return {
        label: 'Deactivate',
        icon: 'pi pi-ban',
        header: 'Deactivate User',
        question: `Deactivate ${who}? They are signed out everywhere at once and cannot sign in until reactivated.`,
        confirm: 'Deactivate',
        danger: true,
      };
    case 'reactivate':
      return { label: 'Reactivate', icon: 'pi pi-check-circle', header: 'Reactivate User', question: `Reactivate ${who}? They can sign in again.`, confirm: 'Reactivate' };
    case 'makeStaff':
      return {
        label: 'Make staff',
        icon: 'pi pi-shield',
        header: 'Make Staff',
        question: `Make ${who} a staff user? Staff users manage every account and read the contact messages.`,
        confirm: 'Make staff',
      };
    case 'removeStaff':
      return { label: 'Remove staff', icon: 'pi pi-times-circle', header: 'Remove Staff Right', question: `Remove the staff right of ${who}?`, confirm: 'Remove staff', danger: true };
  }
}

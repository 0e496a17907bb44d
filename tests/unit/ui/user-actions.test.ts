import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../shared/api/admin';
import { actionText, userActions, userWho } from '../../../src-ui/screens/admin/user-actions';

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 7,
  first_name: 'Robin',
  last_name: 'Fixer',
  email: 'robin@example.com',
  is_active: true,
  full_feature_access: false,
  is_staff: false,
  last_login: null,
  date_joined: '2026-03-01T10:00:00.000Z',
  activated_at: '2026-03-01T10:05:00.000Z',
  hourly_rate: 0,
  ...over,
});
const labels = (u: AdminUser, actor: number | null) => userActions(u, actor).map((a) => actionText(a, u).label);

describe('the changes offered for one account', () => {
  it('offers each flag the other way, and a password reset for an active account', () => {
    expect(labels(user(), 1)).toEqual(['Grant full access', 'Deactivate', 'Make staff', 'Send password reset mail']);
    expect(labels(user({ full_feature_access: true, is_staff: true }), 1)).toEqual(['Revoke full access', 'Deactivate', 'Remove staff', 'Send password reset mail']);
  });

  it('offers the activation mail only to an account still waiting for its link, and no reset mail to an inactive one', () => {
    expect(labels(user({ is_active: false, activated_at: null }), 1)).toEqual(['Grant full access', 'Reactivate', 'Make staff', 'Resend activation mail']);
    expect(labels(user({ is_active: false }), 1)).toEqual(['Grant full access', 'Reactivate', 'Make staff']);
  });

  it('never offers the acting staff user a change of their own rights or deactivating themselves (the server refuses each)', () => {
    expect(labels(user({ id: 1, full_feature_access: true, is_staff: true }), 1)).toEqual(['Send password reset mail']);
  });

  it('names the account in the question, and marks the changes that take something away', () => {
    const u = user();
    expect(userWho(u)).toBe('Robin Fixer (robin@example.com)');
    expect(userWho(user({ first_name: '', last_name: '' }))).toBe('robin@example.com');
    const deactivate = actionText({ kind: 'change', change: 'deactivate' }, u);
    expect(deactivate.question).toContain('Robin Fixer (robin@example.com)');
    expect(deactivate.danger).toBe(true);
    expect(actionText({ kind: 'change', change: 'grantFullAccess' }, u).danger).toBeUndefined();
  });
});

/**
 * The rules for running a team's accounts, shared by the admin API and the command line: who has
 * full access or staff rights, who is active, and passwords set by an operator.
 *
 * No lock-out: a staff user cannot take away their own staff right or deactivate themselves, and
 * the last active staff user stays. Nor can they give themselves rights: their own staff right,
 * activity and full access are changed by someone else. Whether the one asking is still active
 * staff is decided in the transaction that writes, so a removal and the removed user's own
 * requests in flight cannot undo each other: the removal wins. Ending an account or changing its
 * password ends its logins at once (its refresh tokens are revoked in the same transaction).
 */
import type { Repositories } from '../../db/repositories.js';
import { nowIso } from '../../http/clock.js';
import type { PageWindow } from '../../http/pagination.js';
import type { TokenService } from '../auth/jwt.js';
import { hashPassword, passwordProblems } from '../auth/passwords.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import type { AppDeps } from '../../deps.js';
import { centsToUnits } from '../../../shared/rules/money.js';
import { recordActivity, recordEdit } from '../activity/activity.repository.js';
import type { UsersAdminRepository } from './users-admin.repository.js';
import { t } from '../../../shared/i18n/translate.js';

/** A change the rules refuse; the message is shown as it is to the staff user or operator. */
export class AdminRuleError extends Error {
  readonly messages: string[];
  constructor(
    messages: string | string[],
    /** The field the refusal is about, for a DRF field error. */
    readonly field: string,
  ) {
    const list = typeof messages === 'string' ? [messages] : messages;
    super(list.join('\n'));
    this.messages = list;
  }
}

/**
 * The staff user asking is no longer allowed to (deactivated or no longer staff since their request
 * arrived): `inactive` answers like a deactivated user's token, `not_staff` like any non-staff user.
 */
export class ActorNotAllowedError extends Error {
  constructor(readonly reason: 'inactive' | 'not_staff') {
    super(reason);
  }
}

export const ADMIN_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get ownStaff() { return t('You cannot remove your own staff right.'); },
  get ownActive() { return t('You cannot deactivate your own account.'); },
  get ownFullAccess() { return t('You cannot change your own full access.'); },
  lastStaff: (email: string) => t('{email} is the last active staff user; at least one must remain. Make another user staff first.', { email }),
};

export interface UserChanges {
  full_feature_access?: boolean | undefined;
  is_staff?: boolean | undefined;
  is_active?: boolean | undefined;
  /** The hourly rate, in cents (docs/decisions.md: What the work costs): pay, not a right, so a staff user may set their own. */
  hourly_rate_cents?: number | undefined;
}

type FlagChange = 'full_feature_access' | 'is_staff' | 'is_active';

/** Who asks for a change: a signed-in staff user, or the operator at the command line (no own account). */
export type Actor = { id: number } | 'operator';

export interface ChangeResult {
  user: UserRow;
  /** What changed, in words ("full access on", "deactivated"); empty when nothing did. */
  changed: string[];
}

const FLAG_WORDS: Record<FlagChange, (on: boolean) => string> = {
  full_feature_access: (on) => `full access ${on ? 'on' : 'off'}`,
  is_staff: (on) => `staff ${on ? 'on' : 'off'}`,
  is_active: (on) => (on ? 'activated' : 'deactivated'),
};

export class UsersAdminService {
  private readonly repo: UsersAdminRepository;

  constructor(
    { usersAdmin }: Pick<Repositories, 'usersAdmin'>,
    private readonly tokens: TokenService,
  ) {
    this.repo = usersAdmin;
  }

  /** Users matching `search` (first or last name, full name or email), newest first; every one without a window. */
  list(search: string | undefined, window?: PageWindow): Promise<{ count: number; rows: UserRow[] }> {
    return this.repo.list(search, window);
  }

  /**
   * Applies flag and rate changes to one user under the rules. Throws AdminRuleError when refused and
   * ActorNotAllowedError when the staff user asking no longer may (nothing changes then); null when
   * the user does not exist.
   */
  async change(actor: Actor, userId: number, changes: UserChanges): Promise<ChangeResult | null> {
    const actorId = actor === 'operator' ? null : actor.id;
    if (actorId === userId) {
      if (changes.is_staff === false) throw new AdminRuleError(ADMIN_MESSAGES.ownStaff, 'is_staff');
      if (changes.is_active === false) throw new AdminRuleError(ADMIN_MESSAGES.ownActive, 'is_active');
    }
    const demotes = changes.is_staff === false || changes.is_active === false;
    return this.repo.transaction(async (repo, trx) => {
      // The actor, the user and (for a demotion) every active staff user are read and locked
      // first: two staff users demoting each other at once see each other's outcome, and a
      // removal waits for (or is waited for by) the removed user's own change.
      const rows = await repo.lockUsers(actorId === null ? [userId] : [actorId, userId], demotes);
      if (actorId !== null) {
        const current = rows.find((r) => r.id === actorId);
        if (!current || current.is_active !== 1) throw new ActorNotAllowedError('inactive');
        if (current.is_staff !== 1) throw new ActorNotAllowedError('not_staff');
      }
      const user = rows.find((r) => r.id === userId);
      if (!user) return null;
      const activeStaff = rows.filter((r) => r.is_staff === 1 && r.is_active === 1).map((r) => r.id);

      const set: Partial<Omit<UserRow, 'id'>> = {};
      const changed: string[] = [];
      for (const key of ['full_feature_access', 'is_staff', 'is_active'] as const) {
        const wanted = changes[key];
        if (wanted === undefined || (user[key] === 1) === wanted) continue;
        set[key] = wanted ? 1 : 0;
        changed.push(FLAG_WORDS[key](wanted));
      }
      // The actor is active staff here, so their own staff right and activity cannot be turned
      // on; full access is the one right left that they could give themselves.
      if (changed.length && actorId === user.id) throw new AdminRuleError(ADMIN_MESSAGES.ownFullAccess, 'full_feature_access');
      const rate = changes.hourly_rate_cents;
      const rateChanged = rate !== undefined && rate !== user.hourly_rate_cents;
      if (rateChanged) {
        set.hourly_rate_cents = rate;
        changed.push(`hourly rate ${centsToUnits(rate)}`);
      }
      if (!changed.length) return { user, changed };

      const wasActiveStaff = user.is_staff === 1 && user.is_active === 1;
      const staysActiveStaff = (set.is_staff ?? user.is_staff) === 1 && (set.is_active ?? user.is_active) === 1;
      if (wasActiveStaff && !staysActiveStaff && !activeStaff.some((id) => id !== user.id)) {
        throw new AdminRuleError(ADMIN_MESSAGES.lastStaff(user.email), set.is_active === 0 ? 'is_active' : 'is_staff');
      }
      const now = nowIso();
      // Turned on by an operator, an account counts as activated: an old activation link stops working.
      if (set.is_active === 1 && !user.activated_at) set.activated_at = now;
      await new UsersRepository(trx).update(user.id, set);
      await recordEdit(trx, { area: 'users', recordId: user.id, kind: 'access_changed', actorId, at: now }, user, { ...user, ...set }, ['full_feature_access', 'is_staff', 'is_active']);
      if (rateChanged) {
        // In currency units, as the API shows the rate (the column holds cents).
        const rateChange = { field: 'hourly_rate', old: centsToUnits(user.hourly_rate_cents), new: centsToUnits(rate) };
        await recordActivity(trx, { area: 'users', recordId: user.id, kind: 'edited', actorId, at: now, details: { changes: [rateChange] } });
      }
      if (set.is_active === 0) await this.tokens.revokeAllForUser(user.id, trx);
      return { user: { ...user, ...set }, changed };
    });
  }

  /**
   * Sets a new password (checked like a registration's) and ends every login of the user. Throws
   * AdminRuleError (field `password`) with the validators' messages when it is too weak.
   */
  async setPassword(user: UserRow, password: string): Promise<void> {
    const problems = passwordProblems(password, user);
    if (problems.length) throw new AdminRuleError(problems, 'password');
    const passwordHash = await hashPassword(password);
    await this.repo.transaction(async (_repo, trx) => {
      await new UsersRepository(trx).update(user.id, { password_hash: passwordHash });
      await this.tokens.revokeAllForUser(user.id, trx);
    });
  }
}

/** The service over the app's request-scoped repositories. */
export function usersAdminService(deps: Pick<AppDeps, 'repositories' | 'tokens'>): UsersAdminService {
  return new UsersAdminService(deps.repositories, deps.tokens);
}

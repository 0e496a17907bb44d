/**
 * Administration commands for operators without a browser (`npm run cli -- COMMAND`). The rules
 * are the admin API's (users-admin.service.ts): the last active staff user stays, and deactivating
 * or setting a password ends that user's sessions. Each command prints what it changed. Backup and
 * restore of the database are in backup.ts.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { plainEmailAddress } from '../../shared/rules/email-address.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { nowIso } from '../http/clock.js';
import { TokenService } from '../modules/auth/jwt.js';
import { hashPassword, passwordProblems } from '../modules/auth/passwords.js';
import { AdminRuleError, UsersAdminService, type UserChanges } from '../modules/admin/users-admin.service.js';
import type { UsersRepository, UserRow } from '../modules/users/users.repository.js';
import { buildRepositories } from '../db/repositories.js';
import { BackupRefusal, backup, restore } from './backup.js';

export const USAGE = `Usage: npm run cli -- COMMAND [options]

Commands:
  create-user --email E --password P [--first-name F] [--last-name L] [--full-access] [--staff]
                                        create an active user, or update the one with that email
  list-users [--search TEXT]            list users (name, email, active, full access, staff, last login, joined)
  set-access --email E --full-access on|off
                                        grant or revoke full access
  set-staff --email E --staff on|off    grant or revoke the staff right (user administration)
  deactivate --email E                  switch an account off and end its sessions
  activate --email E                    switch an account on again
  set-password --email E --password P   set a new password and end the user's sessions
  backup --to FILE                      copy the SQLite database to FILE while the server runs
                                        (with PostgreSQL: says how to use pg_dump instead)
  restore --from FILE                   put a backup in place of the database of a stopped server,
                                        keeping the one it replaces
  --help                                show this text`;

/** A refusal the operator can fix: printed with the exit code, nothing changed. */
class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const usageError = (message: string) => new CliError(`${message}\n\n${USAGE}`, 2);

interface Context {
  users: UsersRepository;
  admin: UsersAdminService;
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

type Command = {
  options: Options;
  /** Checks done before the database is opened; throws a usage error. */
  check?(values: Values): void;
} & (
  | { run(values: Values, ctx: Context): Promise<void> }
  /** Opens no database for the command (backup and restore handle the file themselves). */
  | { alone(values: Values): Promise<void> }
);

/** A required file option's value. */
function fileOption(values: Values, option: string): string {
  const file = values[option];
  if (typeof file !== 'string' || !file.trim()) throw usageError(`--${option} FILE is required.`);
  return file;
}

/** The address of a new account: one plain address (shared/rules/email-address.ts), as every way in demands. */
function requireEmail(values: Values): string {
  const email = typeof values.email === 'string' ? plainEmailAddress(values.email) : null;
  if (email === null) throw usageError('A valid --email is required.');
  return email;
}

/**
 * The address of an existing account, as it was stored: accounts made before the address rule may
 * hold one the rule refuses (a look-alike), and the operator must still be able to switch it off.
 */
function accountEmail(values: Values): string {
  const email = values.email;
  if (typeof email !== 'string' || email.trim() === '') throw usageError('A valid --email is required.');
  return email;
}

function onOff(values: Values, option: string): boolean {
  const v = values[option];
  if (v !== 'on' && v !== 'off') throw usageError(`--${option} must be on or off.`);
  return v === 'on';
}

async function userByEmail(ctx: Context, email: string): Promise<UserRow> {
  const user = await ctx.users.findByEmail(email);
  if (!user) throw new CliError(`No user with the email ${email}.`, 1);
  return user;
}

/** Applies flag changes through the shared rules and says what happened. */
async function change(ctx: Context, email: string, changes: UserChanges, ending = ''): Promise<void> {
  const user = await userByEmail(ctx, email);
  const result = await ctx.admin.change('operator', user.id, changes);
  if (!result) throw new CliError(`No user with the email ${email}.`, 1);
  const who = `${result.user.email} (id ${result.user.id})`;
  if (!result.changed.length) console.log(`${who}: nothing to change (${describe(result.user)}).`);
  else console.log(`${who}: ${result.changed.join(', ')}${ending}.`);
}

function describe(u: UserRow): string {
  return [u.is_active ? 'active' : 'inactive', u.full_feature_access ? 'full access' : 'limited', ...(u.is_staff ? ['staff'] : [])].join(', ');
}

function checkPassword(password: unknown, who: { email: string; first_name: string; last_name: string }): string {
  if (typeof password !== 'string' || !password) throw usageError('A --password is required.');
  const problems = passwordProblems(password, who);
  if (problems.length) throw new CliError(problems.join('\n'), 2);
  return password;
}

const COMMANDS: Record<string, Command> = {
  'create-user': {
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      'full-access': { type: 'boolean', default: false },
      staff: { type: 'boolean', default: false },
    },
    check(values) {
      const email = requireEmail(values);
      checkPassword(values.password, { email, first_name: String(values['first-name'] ?? ''), last_name: String(values['last-name'] ?? '') });
    },
    async run(values, ctx) {
      const email = requireEmail(values);
      const password = String(values.password);
      const existing = await ctx.users.findByEmail(email);
      if (existing) {
        // The password first: it is checked against this user's own names and may be refused.
        await ctx.admin.setPassword(existing, password);
        // Only ever adds rights and switches the account on: taking them away is set-access / set-staff.
        await ctx.users.update(existing.id, {
          is_active: 1,
          activated_at: existing.activated_at ?? nowIso(),
          full_feature_access: values['full-access'] ? 1 : existing.full_feature_access,
          is_staff: values.staff ? 1 : existing.is_staff,
        });
        console.log(`Updated user ${existing.email} (id ${existing.id}); its sessions were ended.`);
        return;
      }
      const user = await ctx.users.create({
        email,
        passwordHash: await hashPassword(password),
        firstName: String(values['first-name'] ?? ''),
        lastName: String(values['last-name'] ?? ''),
        isActive: true,
        fullFeatureAccess: values['full-access'] === true,
        isStaff: values.staff === true,
      });
      console.log(`Created user ${user.email} (id ${user.id}${user.full_feature_access ? ', full access' : ', limited'}${user.is_staff ? ', staff' : ''}).`);
    },
  },
  'list-users': {
    options: { search: { type: 'string' } },
    async run(values, ctx) {
      const { rows } = await ctx.admin.list(typeof values.search === 'string' ? values.search : undefined);
      if (!rows.length) {
        console.log('No users.');
        return;
      }
      const table = [
        ['ID', 'EMAIL', 'NAME', 'ACTIVE', 'FULL ACCESS', 'STAFF', 'LAST LOGIN', 'JOINED'],
        ...rows.map((u) => [
          String(u.id),
          u.email,
          `${u.first_name} ${u.last_name}`.trim(),
          u.is_active ? 'yes' : u.activated_at ? 'no' : 'not activated',
          u.full_feature_access ? 'yes' : 'no',
          u.is_staff ? 'yes' : 'no',
          u.last_login?.slice(0, 16).replace('T', ' ') ?? 'never',
          u.date_joined.slice(0, 10),
        ]),
      ];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      for (const r of table) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
      console.log(`${rows.length} user${rows.length === 1 ? '' : 's'}.`);
    },
  },
  'set-access': {
    options: { email: { type: 'string' }, 'full-access': { type: 'string' } },
    check: (values) => void [accountEmail(values), onOff(values, 'full-access')],
    run: (values, ctx) => change(ctx, accountEmail(values), { full_feature_access: onOff(values, 'full-access') }),
  },
  'set-staff': {
    options: { email: { type: 'string' }, staff: { type: 'string' } },
    check: (values) => void [accountEmail(values), onOff(values, 'staff')],
    run: (values, ctx) => change(ctx, accountEmail(values), { is_staff: onOff(values, 'staff') }),
  },
  deactivate: {
    options: { email: { type: 'string' } },
    check: (values) => void accountEmail(values),
    run: (values, ctx) => change(ctx, accountEmail(values), { is_active: false }, '; its sessions were ended'),
  },
  activate: {
    options: { email: { type: 'string' } },
    check: (values) => void accountEmail(values),
    run: (values, ctx) => change(ctx, accountEmail(values), { is_active: true }),
  },
  'set-password': {
    options: { email: { type: 'string' }, password: { type: 'string' } },
    check: (values) => void accountEmail(values),
    async run(values, ctx) {
      const user = await userByEmail(ctx, accountEmail(values));
      await ctx.admin.setPassword(user, checkPassword(values.password, user));
      console.log(`${user.email} (id ${user.id}): password set; its sessions were ended.`);
    },
  },
  backup: {
    options: { to: { type: 'string' } },
    check: (values) => void fileOption(values, 'to'),
    async alone(values) {
      console.log(await backup(loadConfig(), fileOption(values, 'to')));
    },
  },
  restore: {
    options: { from: { type: 'string' } },
    check: (values) => void fileOption(values, 'from'),
    async alone(values) {
      console.log(await restore(loadConfig(), fileOption(values, 'from')));
    },
  },
};

async function withDatabase(work: (ctx: Context) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrate(database);
    const repositories = buildRepositories(database.db, database.dialect, config.site);
    const tokens = new TokenService(config.secretKey, repositories);
    await work({ users: repositories.users, admin: new UsersAdminService(repositories, tokens) });
  } finally {
    await database.close();
  }
}

/** Runs one command; the exit code: 0 done, 1 refused or failed, 2 bad usage. */
export async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    const command = name === undefined ? undefined : COMMANDS[name];
    if (!command) throw usageError(name === undefined ? 'No command given.' : `Unknown command '${name}'.`);
    let values: Values;
    try {
      values = parseArgs({ args: rest, options: command.options, strict: true }).values as Values;
    } catch (err) {
      // An unknown or incomplete option is a usage error like any other.
      throw usageError(err instanceof Error ? err.message : String(err));
    }
    command.check?.(values);
    if ('alone' in command) await command.alone(values);
    else await withDatabase((ctx) => command.run(values, ctx));
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      console.error(err.message);
      return err.code;
    }
    if (err instanceof BackupRefusal) {
      console.error(err.message);
      return 1;
    }
    if (err instanceof AdminRuleError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

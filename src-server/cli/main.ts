/**
 * Administration commands.
 *   npm run cli -- create-user --email E --password P [--first-name F] [--last-name L] [--full-access] [--staff]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { hashPassword, passwordProblems } from '../modules/auth/passwords.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { nowIso } from '../http/clock.js';

const USAGE = 'Usage: npm run cli -- create-user --email E --password P [--first-name F] [--last-name L] [--full-access] [--staff]';

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-user') {
    console.error(USAGE);
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string', default: '' },
        'last-name': { type: 'string', default: '' },
        'full-access': { type: 'boolean', default: false },
        staff: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    // An unknown or incomplete option is a usage error like any other.
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (!values.email || !values.password || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    console.error('A valid --email and a --password are required.\n' + USAGE);
    return 2;
  }
  const problems = passwordProblems(values.password, { email: values.email, first_name: values['first-name'] ?? '', last_name: values['last-name'] ?? '' });
  if (problems.length) {
    console.error(problems.join('\n'));
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrate(database);
    const users = new UsersRepository(database.db);
    const existing = await users.findByEmail(values.email);
    const passwordHash = await hashPassword(values.password);
    if (existing) {
      await users.update(existing.id, {
        password_hash: passwordHash,
        is_active: 1,
        activated_at: existing.activated_at ?? nowIso(),
        full_feature_access: values['full-access'] ? 1 : existing.full_feature_access,
        is_staff: values.staff ? 1 : existing.is_staff,
      });
      console.log(`Updated user ${existing.email} (id ${existing.id}).`);
    } else {
      const user = await users.create({
        email: values.email,
        passwordHash,
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
        isActive: true,
        fullFeatureAccess: values['full-access'] ?? false,
        isStaff: values.staff ?? false,
      });
      console.log(`Created user ${user.email} (id ${user.id}${user.full_feature_access ? ', full access' : ', limited'}).`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

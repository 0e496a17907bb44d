/** Demo data for a fresh embedded install. Filled in with every area's sample records. */
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { UsersRepository } from '../modules/users/users.repository.js';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'full access', email: 'supervisor@example.com', password: 'Supervisor-Demo-1' },
  { role: 'limited', email: 'technician@example.com', password: 'Technician-Demo-1' },
];

/** Creates demo data when the database has no users yet; returns the logins, or null when it did nothing. */
export async function seedDemoData(database: Db, _config: Config): Promise<DemoLogin[] | null> {
  const users = new UsersRepository(database.db);
  const any = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  for (const login of DEMO_LOGINS) {
    const full = login.role === 'full access';
    await users.create({
      email: login.email,
      passwordHash: await hashPassword(login.password),
      firstName: full ? 'Sam' : 'Terry',
      lastName: full ? 'Supervisor' : 'Technician',
      isActive: true,
      fullFeatureAccess: full,
      isStaff: full,
    });
  }
  return DEMO_LOGINS;
}

/** What the server says at start-up while nobody can administer it: how to make the first staff user. */
import type { Repositories } from '../../db/repositories.js';

export const FIRST_STAFF_COMMAND = 'npm run cli -- create-user --email EMAIL --password PASSWORD --full-access --staff';

/** The advice to print, or null once an active staff user exists. */
export async function firstStaffAdvice({ usersAdmin }: Pick<Repositories, 'usersAdmin'>): Promise<string | null> {
  if (await usersAdmin.hasActiveStaff()) return null;
  return [
    'No active staff user exists yet: staff users manage the accounts of the team (Users screen, `npm run cli -- --help`).',
    'Create the first one with (same DATA_DIR or DATABASE_URL as the server):',
    `  ${FIRST_STAFF_COMMAND}`,
  ].join('\n');
}

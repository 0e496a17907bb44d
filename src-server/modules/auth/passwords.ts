/** Password hashing (argon2id, OWASP minimum parameters) and Django-like strength validation. */
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { t } from '../../../shared/i18n/translate.js';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Problems with a new password, as Django's validators word them; empty when it is acceptable. */
export function passwordProblems(password: string, user: { email: string; first_name: string; last_name: string }): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(t('This password is too short. It must contain at least {min} characters.', { min: PASSWORD_MIN_LENGTH }));
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(t('This password is too long. It must contain at most {max} characters.', { max: PASSWORD_MAX_LENGTH }));
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push(t('This password is too common.'));
  if (/^\d+$/.test(password)) problems.push(t('This password is entirely numeric.'));
  const lower = password.toLowerCase();
  // Said once the similar attribute is found: one whole sentence per attribute.
  const attributes: [() => string, string][] = [
    [() => t('The password is too similar to the email.'), user.email.split('@')[0] ?? ''],
    [() => t('The password is too similar to the first name.'), user.first_name],
    [() => t('The password is too similar to the last name.'), user.last_name],
  ];
  for (const [tooSimilar, value] of attributes) {
    const v = value.toLowerCase();
    if (v.length >= 3 && (lower.includes(v) || v.includes(lower))) {
      problems.push(tooSimilar());
      break;
    }
  }
  return problems;
}

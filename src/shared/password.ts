import type { MessageKey } from './i18n/messages';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Passwords people pick first; refused as 'The password is too simple' (docs/product.md#validation). */
const COMMON = new Set([
  'password', 'password1', 'passw0rd', 'abc123', 'abcd1234', 'a123456', '123456a', 'qwe123',
  'qwerty1', 'qwer1234', 'admin123', 'admin1', 'aa123456', 'iloveyou1', '1q2w3e4r', '1qaz2wsx',
]);

/** The first rule of docs/product.md#validation the password breaks, or null when it may be used. */
export function passwordProblem(password: string): MessageKey | null {
  if (!password) return 'passwordNewEmpty';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'passwordLength';
  if (/^\d+$/.test(password) || /^[A-Za-z]+$/.test(password)) return 'passwordOneKind';
  if (COMMON.has(password.toLowerCase()) || new Set(password).size < 4) return 'passwordTooSimple';
  return null;
}

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Accepted passwords still get a weak-password warning when they mix few kinds of characters. */
export function passwordStrength(password: string): PasswordStrength {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds >= 3 && password.length >= 8) return 'strong';
  if (kinds >= 3 || (kinds === 2 && password.length >= 10)) return 'medium';
  return 'weak';
}

import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * ASVS 5.0 V6.2.4: a new password is checked against at least the top 3,000 passwords.
 * The zxcvbn-ts common list holds ~30,000, ranked by frequency in real breaches.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

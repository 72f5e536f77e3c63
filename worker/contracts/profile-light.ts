/** The zod-free part of worker/contracts/profile.ts the /profile pages need in the browser. */

/** The checkbox names of the preferences form (one pair per kind; an unticked box is not sent). */
export const PREFERENCE_FIELD = {
  inApp: (kind: string) => `inApp.${kind}`,
  push: (kind: string) => `push.${kind}`,
} as const;

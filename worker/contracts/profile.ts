/** The bodies of /profile's forms and of /api/profile and /api/notifications. */
import { z } from "zod";
import { NOTIFICATION_KINDS } from "../domain/notifications";
import { FARMER_MESSAGES, normaliseLiberianPhone } from "./farmer";

export const PROFILE_MESSAGES = {
  phone: FARMER_MESSAGES.phone,
  noticeIds: "Choose the notices to mark read, or all of them",
} as const;

/** What any account but a farmer may change about itself: its phone number (blank clears it). */
export const ContactSchema = z.object({
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const phone = normaliseLiberianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.phone });
        return z.NEVER;
      }
      return phone;
    }),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** Mark some of my notices read (`ids`), or all of them (`all: true`). */
export const MarkNoticesReadSchema = z
  .object({
    ids: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: PROFILE_MESSAGES.noticeIds, path: ["ids"] });
/** GET /api/notifications: the newest `limit`, optionally only the unread ones. */
export const NoticesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(20),
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

export const PreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** Show it in my notices list. */
  inApp: z.boolean(),
  /** Send it to my phone (push delivery, ADR 028). */
  push: z.boolean(),
});

/** PUT /api/profile/notification-preferences and the preferences form: one entry per kind to change. */
export const PreferencesSchema = z.object({
  preferences: z
    .array(PreferenceSchema)
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, "Each kind at most once"),
});
export type PreferencesInput = z.infer<typeof PreferencesSchema>;

export { PREFERENCE_FIELD } from "./profile-light";

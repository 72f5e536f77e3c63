/**
 * Messages (docs/messages.md): the bodies of a new thread and of a reply, used by the
 * pages (multipart forms) and /api (JSON, or multipart with an `attachment` file).
 */
import { z } from "zod";
import { OFFICE_DEPARTMENTS } from "../auth/roles";
import { MESSAGE_LIMITS } from "../domain/messages";

export const MESSAGE_TEXT = {
  to: "Choose who the message is for: the regulator's office or a person",
  department: "Choose the department of the regulator's office",
  loginId: "Enter the login ID of the person, like BUY-2026-001",
  subject: `Enter a subject (${MESSAGE_LIMITS.subjectMin} to ${MESSAGE_LIMITS.subjectMax} characters)`,
  reference: `The reference may be at most ${MESSAGE_LIMITS.referenceMax} characters (a batch code, shipment, order or licence)`,
  body: `Write your message (at most ${MESSAGE_LIMITS.bodyMax} characters)`,
  page: "The page must be a whole number from 1",
} as const;

const body = z
  .string({ error: MESSAGE_TEXT.body })
  .trim()
  .min(MESSAGE_LIMITS.bodyMin, MESSAGE_TEXT.body)
  .max(MESSAGE_LIMITS.bodyMax, MESSAGE_TEXT.body);

const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());

export const NewThreadSchema = z
  .object({
    to: z.enum(["office", "person"], { error: MESSAGE_TEXT.to }),
    department: optional(z.enum(OFFICE_DEPARTMENTS, { error: MESSAGE_TEXT.department })),
    loginId: optional(
      z.string({ error: MESSAGE_TEXT.loginId }).trim().min(2, MESSAGE_TEXT.loginId).max(60, MESSAGE_TEXT.loginId),
    ),
    subject: z
      .string({ error: MESSAGE_TEXT.subject })
      .trim()
      .min(MESSAGE_LIMITS.subjectMin, MESSAGE_TEXT.subject)
      .max(MESSAGE_LIMITS.subjectMax, MESSAGE_TEXT.subject),
    reference: optional(z.string().trim().max(MESSAGE_LIMITS.referenceMax, MESSAGE_TEXT.reference)),
    body,
  })
  .superRefine((v, ctx) => {
    if (v.to === "office" && !v.department)
      ctx.addIssue({ code: "custom", path: ["department"], message: MESSAGE_TEXT.department });
    if (v.to === "person" && !v.loginId)
      ctx.addIssue({ code: "custom", path: ["loginId"], message: MESSAGE_TEXT.loginId });
  });
export type NewThreadInput = z.infer<typeof NewThreadSchema>;

export const ReplySchema = z.object({ body });
export const ThreadListQuerySchema = z.object({
  page: z.coerce.number({ error: MESSAGE_TEXT.page }).int(MESSAGE_TEXT.page).min(1, MESSAGE_TEXT.page).default(1),
});

import { z } from "zod";

/** An optional free text: trimmed, at most `max` characters (else `message`, or zod's own), blank as absent. */
export const optionalText = (max = 120, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

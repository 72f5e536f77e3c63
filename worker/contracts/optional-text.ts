import { z } from "zod";

/** An optional free text: trimmed, at most `max` characters (else `message`, or zod's own), blank as absent. */
export const optionalText = (max = 120, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional choice among `values` (else `message`, or zod's own), the empty choice as absent. */
export const optionalChoice = <const T extends readonly string[]>(values: T, message?: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal("")], { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));

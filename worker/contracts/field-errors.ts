import type { z } from "zod";

/** Messages per field, keyed by the field's name (the same shape as worker/services/result.ts `FieldErrors`). */
type FieldErrors = Record<string, string[]>;

/**
 * Field → messages, the shape of `errors` in a 400 reply and in form re-renders (the one
 * conversion of a zod error; a message about the whole body is keyed `form`).
 */
export function fieldErrors(error: Pick<z.core.$ZodError, "issues">): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** The first message of `errors`: the `message` of a 400 reply. */
export function firstMessage(errors: FieldErrors, fallback = "The request is not valid"): string {
  return Object.values(errors)[0]?.[0] ?? fallback;
}

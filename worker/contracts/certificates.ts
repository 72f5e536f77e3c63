/**
 * Certificate forms and API bodies: revocation (POST /api/certificates/<number>/revoke
 * and the form on /verify/<number>) and the testing screen's farmer choice. Shared by the page
 * (conform, JavaScript on or off) and the API.
 */
import { z } from "zod";

export const REVOCATION_REASON_MIN = 10;
export const REVOCATION_REASON_MAX = 500;

export const CERTIFICATE_MESSAGES = {
  reasonRequired: `Enter the reason for revoking this certificate (at least ${REVOCATION_REASON_MIN} characters)`,
  reasonTooLong: `The reason must be ${REVOCATION_REASON_MAX} characters or fewer`,
  farmerRequired: "Choose one of the three test farmer profiles",
} as const;

export const RevokeSchema = z.object({
  reason: z
    .string({ error: CERTIFICATE_MESSAGES.reasonRequired })
    .transform((s) => s.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(REVOCATION_REASON_MIN, CERTIFICATE_MESSAGES.reasonRequired)
        .max(REVOCATION_REASON_MAX, CERTIFICATE_MESSAGES.reasonTooLong),
    ),
});
export const TestFarmerChoiceSchema = z.object({
  farmer: z.coerce
    .number({ error: CERTIFICATE_MESSAGES.farmerRequired })
    .int(CERTIFICATE_MESSAGES.farmerRequired)
    .min(1, CERTIFICATE_MESSAGES.farmerRequired)
    .max(3, CERTIFICATE_MESSAGES.farmerRequired),
});

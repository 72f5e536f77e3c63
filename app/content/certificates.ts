/**
 * Texts of the certificate pages: the testing screen (spec §2 "Certificate testing
 * screen") and the public verification page. Kept in one place for review against the spec.
 */
import type { VerificationStatus } from "#worker/services/certificates/issue-certificate";

export const TESTING_TEXT = {
  title: "Certificate Testing Dashboard",
  intro: "Three fictional test farmer profiles. Generate their six certificates and open each PDF in a new tab.",
  profilesHeading: "Test farmer profiles",
  generate: "Generate Certificates",
  banner: (name: string, id: number) =>
    `Certificates generated for ${name} (test profile ${id}): six documents are ready.`,
  cardsHeading: (name: string) => `Certificates of ${name}`,
  open: "Open PDF",
  openLabel: (title: string, name: string) => `Open the ${title} of ${name} (opens in a new tab)`,
  notYetIssued: "Issued when first opened",
} as const;

export const VERIFY_TEXT = {
  title: "Certificate verification",
  header: "Certificate verification",
  notFoundTitle: "Certificate not found",
  intro: "This page confirms whether a certificate was issued by this platform and whether it is still valid.",
  genuine: "Genuine: this certificate was issued by this platform.",
  testProfile: "Test profile — fictional data for certificate testing; not valid for trade.",
  /** What a test document's status box says instead of "Valid": it never certifies anything. */
  testStatus: "Test document — not valid for trade",
  testGenuine: "Made by this platform's certificate testing page, from a fictional profile.",
  status: {
    valid: "Valid",
    expired: "Expired",
    revoked: "Revoked",
    superseded: "Superseded by a newer certificate",
  } satisfies Record<VerificationStatus, string>,
  revokeHeading: "Revoke this certificate",
  revokeHint: "The reason is shown on this public page: write it for the public, without personal data.",
  revokeButton: "Revoke certificate",
  revoked: "The certificate is revoked. The reason is now shown on this page.",
  csrfFailed: "The form could not be verified. Please reload the page and try again.",
  underReview: "Under review",
  underReviewNote:
    "A plot this certificate rests on failed a re-check under a newer rule and is being reviewed. The certificate is not revoked; the regulator decides.",
} as const;

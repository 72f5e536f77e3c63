/**
 * The vocabulary every certificate file shares: the six document types and who issues a paper.
 * `records.ts` (what a paper holds) and `content.ts` (what it says) both build on it.
 */
export const CERTIFICATE_TYPES = [
  "eudr",
  "deforestation",
  "phytosanitary",
  "origin",
  "quality",
  "declaration",
] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export function isCertificateType(value: string): value is CertificateType {
  return (CERTIFICATE_TYPES as readonly string[]).includes(value);
}

export type Officer = { name: string; title: string };

export type Issuer = {
  country: string;
  /** The body the paper is issued by (or for, see `preparedBy`). */
  authority: string;
  shortName: string;
  address: string;
  officer: Officer;
  /** Set when the platform prepares a paper that another body issues and signs. */
  preparedBy?: string;
};

/**
 * Which subjects certificates are issued for, and which documents each kind gets: the first
 * question of every issue (a paper of a type the subject does not get is refused before any read).
 */
import { CERTIFICATE_INFO, CERTIFICATE_TYPES, type CertificateType, type SubjectKind } from "./content";

export const SUBJECT_KINDS = ["test_farmer", "farmer", "batch", "shipment"] as const satisfies readonly SubjectKind[];

export function isSubjectKind(value: string): value is SubjectKind {
  return (SUBJECT_KINDS as readonly string[]).includes(value);
}

/**
 * Which documents each kind of subject gets. A farmer's paper is about their plots (EUDR,
 * deforestation, the summary declaration); phytosanitary, origin and quality certificates
 * describe a lot of produce, so they are issued for a batch or a shipment.
 */
export const TYPES_FOR_SUBJECT: Record<SubjectKind, readonly CertificateType[]> = {
  test_farmer: CERTIFICATE_TYPES,
  farmer: ["eudr", "deforestation", "declaration"],
  batch: CERTIFICATE_TYPES,
  shipment: CERTIFICATE_TYPES,
};

const SUBJECT_WORD: Record<SubjectKind, string> = {
  test_farmer: "test farmer",
  farmer: "farmer",
  batch: "batch",
  shipment: "shipment",
};

/** Whether `type` is issued for `kind`, and if not, why ("… describes a batch or a shipment"). */
export function typeAllowedFor(
  type: CertificateType,
  kind: SubjectKind,
): { ok: true } | { ok: false; message: string } {
  if (TYPES_FOR_SUBJECT[kind].includes(type)) return { ok: true };
  const kinds = SUBJECT_KINDS.filter((k) => k !== "test_farmer" && TYPES_FOR_SUBJECT[k].includes(type)).map(
    (k) => SUBJECT_WORD[k],
  );
  return {
    ok: false,
    message: `A ${CERTIFICATE_INFO[type].title} is not issued for a ${SUBJECT_WORD[kind]}: it describes a ${kinds.join(" or a ")}`,
  };
}

/** The subject id as stored: Farmer IDs and batch codes in capitals, test profiles as "1".."3". */
export function normalizeSubjectId(kind: SubjectKind, id: string): string {
  const t = id.trim();
  return kind === "test_farmer" ? String(Number(t)) : t.toUpperCase();
}

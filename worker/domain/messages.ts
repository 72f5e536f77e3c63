/**
 * Messages (docs/messages.md): who may start a thread with whom, the limits of a
 * message, and the check of an attachment's real bytes. Pure: no I/O.
 */
import { OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS, ROLE_LABEL, type Role } from "../auth/roles";
import { cleanPhoto } from "./photo-metadata";

export type OfficeDepartment = (typeof OFFICE_DEPARTMENTS)[number];
export const isOfficeDepartment = (value: unknown): value is OfficeDepartment =>
  typeof value === "string" && (OFFICE_DEPARTMENTS as readonly string[]).includes(value);
export const departmentLabel = (d: string) =>
  isOfficeDepartment(d) ? `${OFFICE_DEPARTMENT_LABEL[d]} (regulator's office)` : d;

/** Stated limits (docs/messages.md). */
export const MESSAGE_LIMITS = {
  subjectMin: 3,
  subjectMax: 120,
  referenceMax: 60,
  bodyMin: 1,
  bodyMax: 4000,
  /** 5 MiB: a scanned permit or a phone photo; bigger files go by other means. */
  attachmentBytes: 5 * 1024 * 1024,
  fileNameMax: 100,
} as const;

/**
 * Whom each role may START a thread with (anyone in a thread may answer in it):
 * - an exporter: the regulator's office (a department) or a buyer it trades with;
 * - a buyer: an exporter it trades with;
 * - an office administrator: any exporter or buyer, on behalf of their department.
 * `tradersOnly`: the person written to must trade with the sender (docs/messages.md), so that
 * nobody reads the register of buyers or exporters by guessing login IDs.
 */
export const MESSAGE_PARTNERS: Partial<
  Record<Role, { office: boolean; roles: readonly Role[]; tradersOnly: boolean }>
> = {
  exporter: { office: true, roles: ["buyer"], tradersOnly: true },
  buyer: { office: false, roles: ["exporter"], tradersOnly: true },
  office_admin: { office: false, roles: ["exporter", "buyer"], tradersOnly: false },
};

/** The one answer for a login ID that is unknown, inactive, of the wrong role or not a trade partner. */
export const noPartnerMessage = (partners: { roles: readonly Role[]; tradersOnly: boolean }, loginId: string) => {
  const who = partners.roles.map((r) => ROLE_LABEL[r].toLowerCase()).join(" or ");
  return partners.tradersOnly
    ? `No ${who} you trade with has login ID ${loginId}`
    : `No ${who} with login ID ${loginId}`;
};

export const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
const EXTENSION: Record<AttachmentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
};

export const ATTACHMENT_MESSAGES = {
  empty: "The attached file is empty",
  tooLarge: "The attached file is too large: an attachment may be at most 5 MB",
  type: "Attach a PDF, JPEG or PNG file: the contents of this file are none of these (its name is not enough)",
} as const;

export type CheckedAttachment = { bytes: Uint8Array; contentType: AttachmentType; fileName: string };

const startsWithAscii = (b: Uint8Array, at: number, s: string) =>
  [...s].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** A PDF: "%PDF-1.x" (or 2.0) first, and "%%EOF" in its last 1 KiB (a truncated upload is refused). */
function isPdf(b: Uint8Array): boolean {
  if (!startsWithAscii(b, 0, "%PDF-")) return false;
  const tail = new TextDecoder("latin1").decode(b.subarray(Math.max(0, b.length - 1024)));
  return tail.includes("%%EOF");
}

/** A file name safe to store and to put in Content-Disposition, ending in the real type's extension. */
export function safeFileName(name: string, type: AttachmentType): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFKD")
    .replace(/[^\w.\- ]+/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "attachment";
  return `${stem.slice(0, MESSAGE_LIMITS.fileNameMax - 4)}${EXTENSION[type]}`;
}

/**
 * The attachment as it will be stored, or the message why it is refused. The type comes from
 * the bytes, never from the name or the browser's declared type: a PDF must be a PDF; a JPEG or
 * PNG is re-assembled without its metadata (EXIF GPS, comments…) by `cleanPhoto`. A PDF cannot be
 * cleaned without a PDF library: it is kept as sent and always served as a download, sandboxed.
 */
export function checkAttachment(
  bytes: Uint8Array,
  fileName: string,
): { ok: true; file: CheckedAttachment } | { ok: false; message: string; status: 400 | 413 | 415 } {
  if (bytes.length === 0) return { ok: false, message: ATTACHMENT_MESSAGES.empty, status: 400 };
  if (bytes.length > MESSAGE_LIMITS.attachmentBytes)
    return { ok: false, message: ATTACHMENT_MESSAGES.tooLarge, status: 413 };
  if (isPdf(bytes)) {
    return {
      ok: true,
      file: { bytes, contentType: "application/pdf", fileName: safeFileName(fileName, "application/pdf") },
    };
  }
  const clean = cleanPhoto(bytes);
  if (clean && (clean.contentType === "image/jpeg" || clean.contentType === "image/png")) {
    return {
      ok: true,
      file: { bytes: clean.bytes, contentType: clean.contentType, fileName: safeFileName(fileName, clean.contentType) },
    };
  }
  return { ok: false, message: ATTACHMENT_MESSAGES.type, status: 415 };
}

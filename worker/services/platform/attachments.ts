/**
 * The check of an uploaded file, shared by message attachments and the office's
 * document register: the type comes from the bytes (PDF, JPEG or PNG), photos lose
 * their metadata, and the size is limited (worker/domain/messages.ts `checkAttachment`).
 */
import { type CheckedAttachment, checkAttachment } from "#worker/domain/messages";
import { type Failure, fail } from "../result";

export type AttachmentInput = { bytes: Uint8Array; fileName: string };
export type { CheckedAttachment };

/** The attachment checked (type from the bytes, metadata stripped), or the field refusal. */
export function checkedAttachment(input: AttachmentInput | undefined): CheckedAttachment | null | Failure {
  if (!input) return null;
  const checked = checkAttachment(input.bytes, input.fileName);
  return checked.ok ? checked.file : fail(checked.status, checked.message, { attachment: [checked.message] });
}

/**
 * The page side of messages (docs/messages.md): one module serves `/messages` (every
 * role that messages) and `/exporter/messages` (the exporter's spec route). The guard, the
 * base path of the links, and reading a multipart form with its attachment.
 */
import { data } from "react-router";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import type { Session } from "#worker/auth/session";
import { MESSAGE_LIMITS } from "#worker/domain/messages";
import { formWithin } from "#worker/http/body-limit";
import type { AttachmentInput } from "#worker/services/messages/message-common";
import { PRIVATE_PAGE_HEADERS, requireRole } from "./auth.server";

export const MESSAGES_TITLE = "Messages";

/** Signed in with `sendMessages`; `/exporter/messages…` is the exporter's alone (others use /messages). */
export async function requireMessages(request: Request): Promise<{ session: Session; base: string }> {
  const session = await requireRole(request, "sendMessages", MESSAGES_TITLE);
  const exporterPath = new URL(request.url).pathname.startsWith("/exporter/");
  if (exporterPath && session.role !== "exporter") {
    throw data(
      { forbidden: true as const, title: MESSAGES_TITLE, role: session.role, home: HOME_DASHBOARD[session.role] },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return { session, base: exporterPath ? "/exporter/messages" : "/messages" };
}

/** The largest form post: the largest attachment plus the text and multipart framing. */
export const MAX_MESSAGE_FORM_BYTES = MESSAGE_LIMITS.attachmentBytes + 256 * 1024;

export const TOO_LARGE_FORM =
  "The attached file is too large: an attachment may be at most 5 MB. Nothing was sent: attach a smaller file.";

/** What the form shows again after a refusal: the typed text, the messages by field, one message above. */
export type MessageFormReply = { values: Record<string, string>; errors: Record<string, string[]>; message?: string };

export const refused = (reply: MessageFormReply, status: number) =>
  data(reply, { status, headers: PRIVATE_PAGE_HEADERS });

/** The typed text of the form, kept so a refused form shows it again. */
export const textOf = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, typeof form.get(n) === "string" ? String(form.get(n)) : ""]));

/** The `attachment` file of a form, when one was chosen. */
export async function attachmentOf(form: FormData): Promise<AttachmentInput | undefined> {
  const file = form.get("attachment");
  if (!(file instanceof File) || file.size === 0) return undefined;
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name };
}

/** The message form, read within its limit as it streams; null when larger (nothing past it is read). */
export const messageForm = (request: Request) => formWithin(request, MAX_MESSAGE_FORM_BYTES);

import { data, redirect } from "react-router";
import { DASHBOARDS, type DashboardPath } from "#worker/auth/roles";
import { DocumentStepSchema } from "#worker/contracts/office";
import { ATTACHMENT_MESSAGES, MESSAGE_LIMITS } from "#worker/domain/messages";
import { formWithin } from "#worker/http/body-limit";
import { attachFile } from "#worker/services/office/attach-file";
import { documentFor } from "#worker/services/office/read-register";
import { stepDocument } from "#worker/services/office/step-document";
import {
  CSRF_FAILED,
  csrfFor,
  PRIVATE_PAGE_HEADERS,
  publicUser,
  requireDashboard,
  verifyCsrf,
} from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashMessage } from "../lib/flash.server";
import { formObject } from "../lib/plain-reply.server";

/** The portal this document page hangs under (both office portals share it). */
const portalOf = (request: Request): DashboardPath =>
  new URL(request.url).pathname.startsWith("/regulatory-portal-classic")
    ? "/regulatory-portal-classic"
    : "/office-administration-portal";

/** What a form that went through says, by the code its redirect carries. */
const DONE = { attached: "File attached.", saved: "Saved." } as const;

/** One register document (ADR 025): its facts, files, and the next steps of its work queue. */
export async function loader({ request, params }: { request: Request; params: { id?: string } }) {
  const portal = portalOf(request);
  const { session, access } = await requireDashboard(request, portal);
  const result = await documentFor(params.id ?? "", pageDeps(session));
  if (!result.ok) throw data({ message: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  return data(
    {
      portal,
      title: DASHBOARDS[portal].title,
      user: publicUser(session),
      csrf: await csrfFor(session),
      ...result.value,
      canAct: access === "full" && result.value.canAct,
      flash: { done: flashMessage(new URL(request.url), "done", DONE), error: null as string | null },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** intent=step (assign/start/close) or intent=attach (a file); answers with a redirect carrying the outcome. */
export async function action({ request, params }: { request: Request; params: { id?: string } }) {
  const portal = portalOf(request);
  const { session } = await requireDashboard(request, portal);
  const here = `${portal}/documents/${params.id ?? ""}`;
  // A step taken redirects with its code; a refusal is answered here, on the page (app/lib/flash.server.ts).
  const done = (code: keyof typeof DONE) => redirect(`${here}?done=${code}`);
  const refuse = (status: number, error: string) =>
    data({ flash: { done: null, error } }, { status, headers: PRIVATE_PAGE_HEADERS });
  // The attachment's limit (5 MB) plus the form's framing, read as it streams and never past it.
  const form = await formWithin(request, MESSAGE_LIMITS.attachmentBytes + 64 * 1024);
  if (!form) return refuse(413, `${ATTACHMENT_MESSAGES.tooLarge}.`);
  if (!(await verifyCsrf(session, form))) return refuse(403, CSRF_FAILED);
  const deps = pageDeps(session);
  if (form.get("intent") === "attach") {
    const file = form.get("attachment");
    const input =
      file instanceof File && file.size > 0
        ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name }
        : undefined;
    const result = await attachFile(params.id ?? "", input, deps);
    return result.ok ? done("attached") : refuse(result.status, result.message);
  }
  const parsed = DocumentStepSchema.safeParse(formObject(form, ["baseVersion"]));
  if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "Choose a step");
  const result = await stepDocument(params.id ?? "", parsed.data, deps);
  return result.ok ? done("saved") : refuse(result.status, result.message);
}

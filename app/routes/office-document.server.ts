import { data } from "react-router";
import { DASHBOARDS, type DashboardPath } from "#worker/auth/roles";
import { DocumentStepSchema } from "#worker/contracts/office";
import { ATTACHMENT_MESSAGES, MESSAGE_LIMITS } from "#worker/domain/messages";
import { formWithin } from "#worker/http/body-limit";
import { attachFile } from "#worker/services/office/attach-file";
import { documentFor } from "#worker/services/office/read-register";
import { stepDocument } from "#worker/services/office/step-document";
import { csrfFor, PRIVATE_PAGE_HEADERS, publicUser, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashMessage } from "../lib/flash.server";
import { handleForm, NO_FIELDS, refuse } from "../lib/page-form.server";

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
  const id = params.id ?? "";
  // A step taken redirects with its code; a refusal is answered here, on the page (app/lib/flash.server.ts).
  const done = (code: keyof typeof DONE) => `${here}?done=${code}`;
  // The attachment's limit (5 MB) plus the form's framing, read as it streams and never past it.
  const form = await formWithin(request, MESSAGE_LIMITS.attachmentBytes + 64 * 1024);
  if (!form) return refuse(request, new FormData(), { status: 413, message: `${ATTACHMENT_MESSAGES.tooLarge}.` });
  const deps = pageDeps(session);
  if (form.get("intent") === "attach")
    return handleForm(request, {
      session,
      form,
      schema: NO_FIELDS,
      run: async () => {
        const file = form.get("attachment");
        const input =
          file instanceof File && file.size > 0
            ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name }
            : undefined;
        return attachFile(id, input, deps);
      },
      done: () => done("attached"),
    });
  return handleForm(request, {
    session,
    form,
    schema: DocumentStepSchema,
    run: (input) => stepDocument(id, input, deps),
    refusal: "message",
    done: () => done("saved"),
  });
}

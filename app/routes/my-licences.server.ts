import { data } from "react-router";
import { accountById } from "#db/queries/licensing";
import { LicenceApplySchema } from "#worker/contracts/licensing";
import { EUDR_COMMODITIES } from "#worker/domain/commodities";
import { inForce, LICENCE_TYPE_LABEL, type LicenceType } from "#worker/domain/licensing";
import { applyForLicence } from "#worker/services/licensing/apply-licence";
import { listLicencesFor } from "#worker/services/licensing/read-licensing";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashMessage } from "../lib/flash.server";
import { handleForm, NO_FIELDS, refuse } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "My licences";
/** What a finished form says after its redirect (`?done=<code>`, app/lib/flash.server.ts). */
const DONE = {
  applied: "Your application is saved as a draft. Check it and submit it below.",
  submitted: "Your application is submitted. The regulator's office reviews it next.",
};
const PATH = "/my-licences";

/** What happens next, in the applicant's words, at each status of a licence. */
const NEXT: Record<string, string> = {
  draft: "Not sent yet: check it and submit it. The regulator's office then reviews it.",
  submitted: "Sent. The regulator's office reviews it next.",
  reviewed: "Reviewed by the office. DDGOTS recommends it to the Director General next.",
  recommended: "Recommended by DDGOTS. The Director General decides next.",
  approved: "Approved by the Director General. The office issues it next, with its number and fee invoice.",
  issued: "Issued.",
  suspended: "Suspended: you cannot trade under it until the Director General reinstates it.",
  revoked: "Revoked: apply again for a new licence.",
};

/** The buyer's or exporter's own licence type (only applicants have this page). */
async function applicant(request: Request) {
  const session = await requireRole(request, "applyForLicences", TITLE);
  const type: LicenceType | null = session.role === "buyer" || session.role === "exporter" ? session.role : null;
  return { session, type };
}

/**
 * /my-licences: a buyer's or exporter's own licences, each with its state and who acts next,
 * the application form when no licence is open, and "Submit" for a draft. The office opens
 * applications for others on the management pages; the licence gate of every trade write
 * (worker/services/licensing/require-licence.ts) sends applicants here.
 */
export async function loader({ request }: { request: Request }) {
  const { session, type } = await applicant(request);
  const deps = pageDeps(session);
  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  const [list, account] = await Promise.all([
    type ? listLicencesFor({ type, page: 1, pageSize: 50 }, deps) : Promise.resolve({ items: [], total: 0 }),
    accountById(deps.db, session.id),
  ]);
  const licences = list.items.map((l) => ({
    id: l.id,
    number: l.number,
    type: LICENCE_TYPE_LABEL[l.type as LicenceType] ?? l.type,
    status: l.status,
    company: l.companyName,
    commodities: l.commodities ? (JSON.parse(l.commodities) as string[]).join(", ") : "Every commodity",
    validFrom: l.validFrom,
    validUntil: l.validUntil,
    inForce: inForce(l, now),
    next: NEXT[l.status] ?? "",
    reason: l.statusReason,
  }));
  // A new application is possible while no licence is open (as applyForLicence decides).
  const open = list.items.some(
    (l) => l.status !== "revoked" && !(l.status === "issued" && l.validUntil != null && l.validUntil < today),
  );
  const url = new URL(request.url);
  return data(
    {
      user: await shellUser(session),
      type: type && { key: type, label: LICENCE_TYPE_LABEL[type] },
      licences,
      canApply: Boolean(type) && !open,
      company: account?.companyName ?? "",
      commodities: Object.keys(EUDR_COMMODITIES),
      done: flashMessage(url, "done", DONE),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const { session, type } = await applicant(request);
  const form = await request.formData();
  const deps = pageDeps(session);
  if (!type)
    return refuse(request, form, {
      status: 403,
      message: "Only a buyer or an exporter applies for a licence here; the office opens applications for them.",
    });
  if (form.get("intent") === "submit") {
    const licenceId = String(form.get("licenceId") ?? "");
    return handleForm(request, {
      session,
      form,
      schema: NO_FIELDS,
      refusal: "message",
      run: () => stepLicence(licenceId, "submit", {}, deps),
      done: () => `${PATH}?done=submitted#licences`,
    });
  }
  return handleForm(request, {
    session,
    form,
    schema: LicenceApplySchema.omit({ applicantId: true, type: true }),
    run: (input) => applyForLicence({ ...input, type }, deps),
    done: () => `${PATH}?done=applied#licences`,
  });
}

import { data } from "react-router";
import { findLicence } from "#db/queries/licensing";
import { can } from "#worker/auth/permissions";
import type { DashboardPath } from "#worker/auth/roles";
import { RegisterDocumentSchema, RegisterQuerySchema } from "#worker/contracts/office";
import { listLicencesFor } from "#worker/services/licensing/read-licensing";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { listRegister, registerCounts } from "#worker/services/office/read-register";
import { registerDocument } from "#worker/services/office/register-document";
import { csrfFor, dashboardHead, PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { noticesFor } from "../lib/notices.server";
import { handleForm, NO_FIELDS } from "../lib/page-form.server";
import { routePath } from "../lib/route-path";

const LICENCE_QUEUE_SIZE = 10;

/**
 * /office-administration-portal and /regulatory-portal-classic (ADR 025): the office's
 * document register and its department work queues (one page on the server), the licence
 * applications waiting for the office (review, then issue once the DG approved), and the form to
 * register a document. Office administrators act in their own department; the executives read.
 */
export async function loader({ request }: { request: Request }) {
  const path = routePath(request) as DashboardPath;
  const { session, access } = await requireDashboard(request, path);
  const deps = pageDeps(session);
  const url = new URL(request.url);
  const q = url.searchParams;
  const parsed = RegisterQuerySchema.safeParse({
    department: q.get("department") || undefined,
    status: q.get("status") || undefined,
    page: q.get("page") || undefined,
  });
  const query = parsed.success ? parsed.data : { page: 1 };
  const readsRegister = can(session.role, "readOfficeRegister");
  const readsLicences = can(session.role, "readLicences");
  const [register, queues, submitted, approved, csrf, notices] = await Promise.all([
    readsRegister ? listRegister(query, deps) : null,
    readsRegister ? registerCounts(deps) : null,
    readsLicences ? listLicencesFor({ status: "submitted", page: 1, pageSize: LICENCE_QUEUE_SIZE }, deps) : null,
    readsLicences ? listLicencesFor({ status: "approved", page: 1, pageSize: LICENCE_QUEUE_SIZE }, deps) : null,
    csrfFor(session),
    noticesFor(session),
  ]);
  const reg = register?.ok ? register.value : null;
  const canAct = access === "full" && can(session.role, "manageOfficeRegister");
  return data(
    {
      path,
      ...dashboardHead(path, session),
      access,
      canAct,
      canReview: access === "full" && can(session.role, "reviewLicences"),
      canIssue: access === "full" && can(session.role, "issueLicences"),
      csrf,
      notices,
      filter: { department: reg?.department ?? null, status: query.status ?? null },
      ownDepartment: reg?.reader.department ?? null,
      register: reg
        ? {
            items: reg.items,
            total: reg.total,
            page: reg.page,
            pageCount: Math.max(1, Math.ceil(reg.total / reg.pageSize)),
          }
        : null,
      queues: queues?.ok ? queues.value : [],
      licences: {
        submitted: (submitted?.items ?? []).map(licenceItem),
        submittedTotal: submitted?.total ?? 0,
        approved: (approved?.items ?? []).map(licenceItem),
        approvedTotal: approved?.total ?? 0,
      },
      flash: { registered: flashRef(url, "registered"), licence: await licenceNotice(url) },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

const licenceItem = (l: {
  id: string;
  type: string;
  companyName: string;
  county: string | null;
  updatedAt: string;
  status: string;
}) => ({
  id: l.id,
  type: l.type,
  companyName: l.companyName,
  county: l.county,
  status: l.status,
  updatedAt: l.updatedAt,
});

/** intent=register: a new register document; intent=review|issue (with licenceId): the office's licence steps. */
export async function action({ request }: { request: Request }) {
  const path = routePath(request) as DashboardPath;
  const { session } = await requireDashboard(request, path);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const deps = pageDeps(session);
  if (intent === "review" || intent === "issue") {
    // The step taken comes back as the licence's id (its notice is worded from the stored record);
    // a refusal is answered here with its message, never through the URL (app/lib/flash.server.ts).
    const licenceId = String(form.get("licenceId") ?? "");
    return handleForm(request, {
      session,
      form,
      schema: NO_FIELDS,
      run: () => stepLicence(licenceId, intent, {}, deps),
      refusal: "message",
      done: () => `${path}?${new URLSearchParams({ licence: licenceId }).toString()}#licences`,
    });
  }
  return handleForm(request, {
    session,
    form,
    schema: RegisterDocumentSchema,
    run: (input) => registerDocument(input, deps),
    done: (v) => `${path}?registered=${encodeURIComponent(v.reference)}#register`,
  });
}

/** The notice of the office's last licence step: the licence named in `?licence=`, as it is now stored. */
async function licenceNotice(url: URL): Promise<string | null> {
  const id = url.searchParams.get("licence");
  const licence = id ? await findLicence(pageDeps().db, id) : null;
  if (licence?.status === "reviewed") return `${licence.companyName}: reviewed`;
  if (licence?.status === "issued") return `${licence.companyName}: issued ${licence.number ?? ""}`;
  return null;
}

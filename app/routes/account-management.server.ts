import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { LicenceApplySchema, ReasonSchema } from "#worker/contracts/licensing";
import { AssignCountySchema, UserCreateSchema, UserListQuerySchema } from "#worker/contracts/users";
import { canLicenceStep, LICENCE_STEPS, type LicenceStep } from "#worker/domain/licensing";
import { deactivateUser, mayManage, reactivateUser } from "#worker/services/auth/manage-users";
import { applyForLicence } from "#worker/services/licensing/apply-licence";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { assignCounty } from "#worker/services/users/assign-county";
import { createUser } from "#worker/services/users/create-user";
import { listTradeAccounts, TRADE_ROLES, type TradeKind } from "#worker/services/users/list-accounts";
import { PRIVATE_PAGE_HEADERS, requireRole, sessionDeps } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { accountCreated, handleForm, NO_FIELDS, refuse } from "../lib/page-form.server";
import { routePath } from "../lib/route-path";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/account-management";

export const MANAGEMENT: Record<string, { kind: TradeKind; title: string }> = {
  "/buyer-management": { kind: "buyer", title: "Buyer management" },
  "/inspector-management": { kind: "inspector", title: "Inspector management" },
  "/exporter-management": { kind: "exporter", title: "Exporter management" },
};

const STEPS = Object.keys(LICENCE_STEPS) as LicenceStep[];
export const DONE: Record<string, string> = {
  deactivate: "The account is suspended: it can no longer sign in, and its sessions ended.",
  reactivate: "The account can sign in again.",
  county: "The county is assigned.",
  apply: "The licence application is created as a draft.",
  ...Object.fromEntries(STEPS.map((s) => [s, `Done: the licence step “${LICENCE_STEPS[s].verb}” is recorded.`])),
};

function pageOf(request: Request) {
  const page = MANAGEMENT[routePath(request)];
  if (!page) throw data(null, { status: 404 });
  return page;
}

/** Buyers, inspectors or exporters with their licence or county; what the viewer may do to each. */
export async function loader({ request }: Route.LoaderArgs) {
  const { kind, title } = pageOf(request);
  const session = await requireRole(request, "readTradeAccounts", title);
  const url = new URL(request.url);
  const query = UserListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const result = await listTradeAccounts(kind, query, pageDeps(session));
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  const role = session.role;
  return data(
    {
      user: await shellUser(session),
      kind,
      title,
      path: routePath(request),
      list: {
        ...result.value,
        items: result.value.items.map((a) => ({
          ...a,
          mayManage: can(role, "manageUsers") && mayManage(role, a.role) && a.id !== session.id,
          steps: a.licence ? STEPS.filter((s) => canLicenceStep(s, a.licence!.status, role).ok) : [],
        })),
      },
      q: query.q ?? "",
      roles: TRADE_ROLES[kind],
      mayCreate: can(role, "createUsers"),
      mayAssign: kind === "inspector" && can(role, "createUsers"),
      mayApply: kind !== "inspector" && role === "office_admin",
      done: DONE[url.searchParams.get("done") ?? ""] ?? null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { kind, title } = pageOf(request);
  const session = await requireRole(request, "readTradeAccounts", title);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const deps = { ...pageDeps(session), sessions: sessionDeps(request) };
  const back = `${routePath(request)}?done=${intent}`;
  const id = String(form.get("target") ?? "");
  const common = { session, form, refusal: "both" as const, done: () => back };
  if (intent === "create")
    return handleForm(request, {
      ...common,
      schema: UserCreateSchema.refine((v) => TRADE_ROLES[kind].includes(v.role), {
        path: ["role"],
        message: "Choose a role this page manages",
      }),
      run: (input) => createUser(input, deps),
      done: accountCreated,
    });
  if (intent === "deactivate" || intent === "reactivate")
    return handleForm(request, {
      ...common,
      schema: NO_FIELDS,
      run: () => (intent === "deactivate" ? deactivateUser : reactivateUser)({ userId: id }, deps),
    });
  if (intent === "county" && kind === "inspector")
    return handleForm(request, {
      ...common,
      schema: AssignCountySchema,
      run: (input) => assignCounty({ userId: id, county: input.county }, deps),
    });
  if (intent === "apply" && kind !== "inspector")
    return handleForm(request, {
      ...common,
      schema: LicenceApplySchema,
      run: (input) => applyForLicence({ ...input, type: kind, applicantId: id }, deps),
    });
  if ((STEPS as string[]).includes(intent) && kind !== "inspector") {
    const step = intent as LicenceStep;
    const needsReason = "reason" in LICENCE_STEPS[step] && LICENCE_STEPS[step].reason;
    return handleForm(request, {
      ...common,
      schema: needsReason ? ReasonSchema : NO_FIELDS,
      run: (input) => stepLicence(id, step, input, deps),
    });
  }
  return refuse(request, form, { status: 400, message: "Unknown action" });
}

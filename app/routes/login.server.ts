import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import {
  AgritraceAdminLoginSchema,
  BuyerLoginSchema,
  ExecutiveLoginSchema,
  ExporterLoginSchema,
  FarmerLoginSchema,
  FarmerPortalLoginSchema,
  FieldAgentLoginSchema,
  InspectorLoginSchema,
  MonitoringLoginSchema,
  OfficeLoginSchema,
} from "#worker/contracts/auth";
import type { LoginContract } from "#worker/contracts/auth-light";
import { demoCredentialsFor } from "#worker/services/demo/demo-accounts";
import { loginPage } from "../content/logins";
import { demoMode, getSession, PRIVATE_PAGE_HEADERS, signInFromForm } from "../lib/auth.server";
import { routePath } from "../lib/route-path";
import { safeRedirect } from "../lib/safe-redirect";

export async function loader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const page = loginPage(routePath(request));
  if (!page) throw data(null, { status: 404 });
  const session = await getSession(request);
  const demo = demoMode() ? demoCredentialsFor(routePath(request)) : null;
  return data(
    {
      demo,
      redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
      signedIn: session ? { name: session.name, home: HOME_DASHBOARD[session.role] } : null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The zod schema of each sign-in form: the authority (the browser checks with its light twin). */
const SCHEMAS = {
  FarmerLoginSchema,
  BuyerLoginSchema,
  FarmerPortalLoginSchema,
  InspectorLoginSchema,
  ExporterLoginSchema,
  ExecutiveLoginSchema,
  OfficeLoginSchema,
  AgritraceAdminLoginSchema,
  MonitoringLoginSchema,
  FieldAgentLoginSchema,
} satisfies Record<LoginContract, unknown>;

/** The no-JavaScript sign-in: same schema, same endpoint rules, cookie + redirect on success. */
export async function action({ request }: { request: Request }) {
  const url = new URL(request.url);
  const page = loginPage(routePath(request));
  const formData = await request.formData();
  const spec = page?.forms.find((f) => f.id === formData.get("_form"));
  if (!page || !spec) throw data({ message: "Unknown form" }, { status: 400 });

  const submission = parseWithZod(formData, { schema: SCHEMAS[spec.contract] });
  if (submission.status !== "success") {
    return data(
      { formId: spec.id, result: submission.reply({ hideFields: ["password", "accessCode"] }) },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const body = spec.toBody(submission.value as Record<string, string | undefined>);
  const outcome = await signInFromForm(spec.endpoint, body, request);
  if (outcome.status !== 200 || !outcome.session) {
    const message = String(outcome.body.message ?? spec.failureFallback);
    return data(
      { formId: spec.id, result: submission.reply({ formErrors: [message], hideFields: ["password", "accessCode"] }) },
      { status: outcome.status, headers: { ...PRIVATE_PAGE_HEADERS, ...outcome.headers } },
    );
  }
  const session = outcome.session;
  const target = session.mustChangePassword
    ? "/change-password"
    : (safeRedirect(url.searchParams.get("redirectTo")) ?? HOME_DASHBOARD[session.role]);
  return redirect(target, { headers: { "Set-Cookie": outcome.headers["Set-Cookie"]!, ...PRIVATE_PAGE_HEADERS } });
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { PLOT_TITLES } from "#worker/content/land-plots";
import { PLOT_MESSAGES, PlotFormSchema, parsePlotCoordinates } from "#worker/contracts/plot";
import { registerPlot } from "#worker/services/plots/register-plot";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders, replyErrors } from "../lib/outbox-reply.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/create-land-plot";

const TITLE = PLOT_TITLES.create;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "editPlots", TITLE);
  const farmerId = (new URL(request.url).searchParams.get("farmerId") ?? "").trim().toUpperCase().slice(0, 20);
  return data(
    // A fresh idempotency key per visit: posting the same form twice stores one plot.
    { user: await shellUser(session), farmerId, submissionId: crypto.randomUUID() },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "editPlots", TITLE);
  const formData = await request.formData();
  if (!(await verifyCsrf(session, formData))) {
    return data(
      {
        result: null,
        formError: CSRF_FAILED,
        warnings: [],
      },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const submission = parseWithZod(formData, { schema: PlotFormSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), formError: null, warnings: [] },
      { status: 400, headers: refusalHeaders(null, replyErrors(submission.reply())) },
    );
  }
  const { coordinates, captureMode, ...fields } = submission.value;
  const parsed = parsePlotCoordinates(coordinates, captureMode);
  if (!parsed.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { coordinates: parsed.errors } }), formError: null, warnings: [] },
      { status: 400, headers: refusalHeaders(null, { coordinates: parsed.errors }) },
    );
  }
  const result = await registerPlot(
    { ...fields, geojson: parsed.geojson, decimals: parsed.decimals },
    pageDeps(session),
  );
  if (!result.ok && result.kind === "unknown-farmer") {
    return data(
      { result: submission.reply({ fieldErrors: { farmerId: [result.message] } }), formError: null, warnings: [] },
      { status: 400, headers: refusalHeaders(result.message, { farmerId: [result.message] }) },
    );
  }
  if (!result.ok) {
    // One entry per broken rule, each naming the rule; nothing was stored.
    const messages = result.errors.map((e) => `${e.message} (rule: ${e.rule})`);
    return data(
      {
        result: submission.reply({ fieldErrors: { coordinates: messages } }),
        formError: PLOT_MESSAGES.notValid,
        warnings: result.warnings.map((w) => `${w.message} (rule: ${w.rule})`),
      },
      {
        status: 400,
        headers: refusalHeaders(`${PLOT_MESSAGES.notValid}: ${messages.join("; ")}`, { coordinates: messages }),
      },
    );
  }
  // `created` lets the details page drop this submission's draft from the phone's storage.
  // The outbox (app/lib/outbox.ts) reads the receipt from the header and needs no page after it;
  // a person follows the redirect to the plot.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { result: null, formError: null, warnings: [], stored: result.plot.id },
      { status: result.created ? 201 : 200, headers: receiptHeaders(result.plot.id) },
    );
  return redirect(`/land-plot-details/${result.plot.id}?created=${encodeURIComponent(fields.submissionId)}`);
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { PLOT_TITLES } from "#worker/content/land-plots";
import { PlotFormSchema, parsePlotCoordinates, plotRefusalFields, ruleLine } from "#worker/contracts/plot";
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
  if (!result.ok) {
    // An unknown farmer under its field; each broken rule by name under the coordinates: nothing was stored.
    const fieldErrors = plotRefusalFields(result);
    const rules = fieldErrors.coordinates;
    return data(
      {
        result: submission.reply({ fieldErrors }),
        formError: rules ? result.message : null,
        warnings: (result.warnings ?? []).map(ruleLine),
      },
      {
        status: result.status,
        headers: refusalHeaders(rules ? `${result.message}: ${rules.join("; ")}` : result.message, fieldErrors),
      },
    );
  }
  // `created` lets the details page drop this submission's draft from the phone's storage.
  // The outbox (app/lib/outbox.ts) reads the receipt from the header and needs no page after it;
  // a person follows the redirect to the plot.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { result: null, formError: null, warnings: [], stored: result.value.plot.id },
      { status: result.value.created ? 201 : 200, headers: receiptHeaders(result.value.plot.id) },
    );
  return redirect(`/land-plot-details/${result.value.plot.id}?created=${encodeURIComponent(fields.submissionId)}`);
}

import { data, redirect } from "react-router";
import { can } from "#worker/auth/permissions";
import { fieldErrors } from "#worker/contracts/field-errors";
import { BoundaryEditFormSchema, RetirePlotSchema } from "#worker/contracts/land-inspection";
import { parsePlotCoordinates, plotRefusalFields, positionsToText } from "#worker/contracts/plot";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import { editPlotBoundary } from "#worker/services/plots/edit-plot-boundary";
import { plotForFieldWork } from "#worker/services/plots/plot-access";
import { retirePlot } from "#worker/services/plots/retire-plot";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, type requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldPlotHeading, requireFieldPlot } from "../lib/field-plot.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders } from "../lib/outbox-reply.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/plot-edit";

export const EDIT_TITLE = "Edit a plot's boundary";
const FIELDS = [
  "intent",
  "captureMode",
  "coordinates",
  "declaredAreaHectares",
  "reason",
  "baseVersion",
  "submissionId",
] as const;

function plotFor(request: Request, id: string) {
  return requireFieldPlot(request, id, "editPlots", EDIT_TITLE, {
    href: "/land-plots-list",
    label: "Back to the land plots",
  });
}

/** The current boundary as the textarea shows it: "lat, lon" lines (the closing vertex left out). */
function boundaryText(geometry: PlotGeometry): { mode: "point" | "polygon"; text: string } {
  if (geometry.type === "Point") return { mode: "point", text: positionsToText([geometry.coordinates]) };
  if (geometry.type === "Polygon")
    return { mode: "polygon", text: positionsToText(geometry.coordinates[0]!.slice(0, -1)) };
  return { mode: "polygon", text: JSON.stringify(geometry) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { session, plot } = await plotFor(request, params.id);
  const current = boundaryText(JSON.parse(plot.geometry) as PlotGeometry);
  return data(
    {
      user: await shellUser(session),
      plot: {
        ...fieldPlotHeading(plot),
        areaHectares: plot.areaHectares,
        retiredReason: plot.retiredReason,
      },
      current,
      canRetire: can(session.role, "retirePlots"),
      submissionId: crypto.randomUUID(),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

type Reply = {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  formError: string | null;
};
const refuse = (reply: Reply, status: number) => data(reply, { status, headers: PRIVATE_PAGE_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  const { session, plot } = await plotFor(request, params.id);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
  const intent = values.intent === "retire" ? "retire" : "edit";
  if (!(await verifyCsrf(session, form)))
    return refuse(
      {
        intent,
        values,
        errors: {},
        formError: CSRF_FAILED,
      },
      403,
    );
  const deps = pageDeps(session);
  if (intent === "retire") {
    const parsed = RetirePlotSchema.safeParse(values);
    if (!parsed.success) return refuse({ intent, values, errors: fieldErrors(parsed.error), formError: null }, 400);
    const result = await retirePlot({ ...parsed.data, plotId: plot.id }, deps);
    if (!result.ok) return refuse({ intent, values, errors: {}, formError: result.message }, result.status);
    return redirect(`/land-plot-details/${plot.id}?retired=1`);
  }
  const parsed = BoundaryEditFormSchema.safeParse(values);
  if (!parsed.success) return refuse({ intent, values, errors: fieldErrors(parsed.error), formError: null }, 400);
  const { coordinates, captureMode, ...fields } = parsed.data;
  const geo = parsePlotCoordinates(coordinates, captureMode);
  if (!geo.ok) return refuse({ intent, values, errors: { coordinates: geo.errors }, formError: null }, 400);
  const result = await editPlotBoundary(
    { ...fields, plotId: plot.id, geojson: geo.geojson, decimals: geo.decimals },
    deps,
  );
  if (request.headers.get(OUTBOX_HEADER)) return answerOutbox(values, result, plot.id, session);
  if (!result.ok) {
    // Each broken rule by name: nothing was stored.
    return refuse({ intent, values, errors: plotRefusalFields(result), formError: result.message }, result.status);
  }
  return redirect(`/land-plot-details/${plot.id}?edited=${result.value.plot.version}`);
}

/**
 * The same answer for the offline outbox (ADR 027): the receipt, or the refusal as headers; on a
 * stale edit (409) both versions, so the phone shows the server's boundary beside its own.
 */
async function answerOutbox(
  values: Record<string, string>,
  result: Awaited<ReturnType<typeof editPlotBoundary>>,
  plotId: string,
  session: Awaited<ReturnType<typeof requireRole>>,
) {
  const reply = { intent: "edit", values, errors: {}, formError: null };
  if (result.ok)
    return data(reply, { status: 200, headers: receiptHeaders(`${plotId} v${result.value.plot.version}`) });
  const rules = plotRefusalFields(result);
  let conflict: { server: Record<string, string>; mine: Record<string, string> } | undefined;
  if (result.status === 409) {
    const read = await plotForFieldWork(pageDeps().db, session, plotId, "editPlots");
    const now = read.ok ? read.value : null;
    if (now && now.status === "active")
      conflict = {
        server: {
          version: String(now.version),
          coordinates: boundaryText(JSON.parse(now.geometry) as PlotGeometry).text,
          areaHectares: String(now.areaHectares),
        },
        mine: { version: values.baseVersion ?? "", coordinates: values.coordinates ?? "", reason: values.reason ?? "" },
      };
  }
  return data(reply, {
    status: result.status,
    headers: refusalHeaders(result.message, Object.keys(rules).length ? rules : undefined, conflict),
  });
}

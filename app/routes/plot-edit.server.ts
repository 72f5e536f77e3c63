import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { BoundaryEditFormSchema, RetirePlotSchema } from "#worker/contracts/land-inspection";
import { parsePlotCoordinates, plotRefusalFields, positionsToText } from "#worker/contracts/plot";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import { editPlotBoundary } from "#worker/services/plots/edit-plot-boundary";
import { plotForFieldWork } from "#worker/services/plots/plot-access";
import { retirePlot } from "#worker/services/plots/retire-plot";
import { PRIVATE_PAGE_HEADERS, type requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldPlotHeading, requireFieldPlot } from "../lib/field-plot.server";
import { fieldFailure, handleForm } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/plot-edit";

export const EDIT_TITLE = "Edit a plot's boundary";

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

export async function action({ request, params }: Route.ActionArgs) {
  const { session, plot } = await plotFor(request, params.id);
  const form = await request.formData();
  const deps = pageDeps(session);
  if (form.get("intent") === "retire")
    return handleForm(request, {
      session,
      form,
      schema: RetirePlotSchema,
      run: (input) => retirePlot({ ...input, plotId: plot.id }, deps),
      refusal: "message",
      done: () => `/land-plot-details/${plot.id}?retired=1`,
    });
  return handleForm(request, {
    session,
    form,
    schema: BoundaryEditFormSchema,
    run: async ({ coordinates, captureMode, ...fields }) => {
      const geo = parsePlotCoordinates(coordinates, captureMode);
      if (!geo.ok) return fieldFailure("", { coordinates: geo.errors });
      const result = await editPlotBoundary(
        { ...fields, plotId: plot.id, geojson: geo.geojson, decimals: geo.decimals },
        deps,
      );
      if (result.ok) return result;
      // Each broken rule by name under the coordinates (plotRefusalFields, as for a new plot): nothing was stored.
      // The message names the broken rules too: the outbox keeps it as the record's reason on the phone.
      const errors = plotRefusalFields(result);
      const rules = errors.coordinates;
      return {
        ...result,
        message: rules ? `${result.message}: ${rules.join("; ")}` : result.message,
        errors: Object.keys(errors).length ? errors : undefined,
      };
    },
    refusal: "both",
    outbox: {
      receipt: (v) => `${plot.id} v${v.plot.version}`,
      conflict: (failure) => (failure.status === 409 ? conflictOf(plot.id, form, session) : undefined),
    },
    done: (v) => `/land-plot-details/${plot.id}?edited=${v.plot.version}`,
  });
}

/** A stale edit (409): the plot as stored now beside what this phone sent, so the person chooses. */
async function conflictOf(plotId: string, form: FormData, session: Awaited<ReturnType<typeof requireRole>>) {
  const read = await plotForFieldWork(pageDeps().db, session, plotId, "editPlots");
  const now = read.ok ? read.value : null;
  if (now?.status !== "active") return undefined;
  const typed = (name: string) => String(form.get(name) ?? "");
  return {
    server: {
      version: String(now.version),
      coordinates: boundaryText(JSON.parse(now.geometry) as PlotGeometry).text,
      areaHectares: String(now.areaHectares),
    },
    mine: { version: typed("baseVersion"), coordinates: typed("coordinates"), reason: typed("reason") },
  };
}

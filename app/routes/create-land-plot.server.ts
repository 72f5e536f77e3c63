import { data } from "react-router";
import { PLOT_TITLES } from "#worker/content/land-plots";
import { PlotFormSchema, parsePlotCoordinates, plotRefusalFields, ruleLine } from "#worker/contracts/plot";
import { registerPlot } from "#worker/services/plots/register-plot";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldFailure, handleForm } from "../lib/page-form.server";
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
  return handleForm(request, {
    session,
    schema: PlotFormSchema,
    run: async ({ coordinates, captureMode, ...fields }) => {
      const parsed = parsePlotCoordinates(coordinates, captureMode);
      if (!parsed.ok) return fieldFailure("", { coordinates: parsed.errors });
      const result = await registerPlot(
        { ...fields, geojson: parsed.geojson, decimals: parsed.decimals },
        pageDeps(session),
      );
      if (result.ok) return result;
      // An unknown farmer under its field; each broken rule by name under the coordinates
      // (plotRefusalFields, as the API sends them); nothing was stored.
      // The message names the broken rules too: the outbox keeps it as the record's reason on the phone.
      const fieldErrors = plotRefusalFields(result);
      const rules = fieldErrors.coordinates;
      const message = rules ? `${result.message}: ${rules.join("; ")}` : "";
      return { ...fieldFailure(message, fieldErrors), warnings: result.warnings };
    },
    refusal: "both",
    also: (failure) => ({ warnings: (failure.warnings ?? []).map(ruleLine) }),
    // The outbox (app/lib/outbox.ts) reads the receipt from the header and needs no page after it.
    outbox: { receipt: (v) => v.plot.id, repeated: (v) => !v.created },
    // `created` lets the details page drop this submission's draft from the phone's storage.
    done: (v, input) => `/land-plot-details/${v.plot.id}?created=${encodeURIComponent(input.submissionId)}`,
  });
}

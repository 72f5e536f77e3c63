import { env } from "cloudflare:workers";
import { data } from "react-router";
import { VISIT_MESSAGES, VisitFieldsSchema } from "#worker/contracts/land-inspection";
import { PHOTO_CONTENT_TYPES } from "#worker/domain/photo-metadata";
import { formWithin } from "#worker/http/body-limit";
import { MAX_VISIT_PHOTO_BYTES, MAX_VISIT_PHOTOS, recordVisit } from "#worker/services/plots/record-visit";
import { PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldPlotHeading, requireFieldPlot } from "../lib/field-plot.server";
import { fieldFailure, handleForm, refuse } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/plot-visit";

export const VISIT_TITLE = "Record a field visit";
/** Four photos of 2 MB and the fields: a larger body is refused before it is read. */
const MAX_BODY_BYTES = (MAX_VISIT_PHOTOS + 1) * MAX_VISIT_PHOTO_BYTES;

function plotFor(request: Request, id: string) {
  return requireFieldPlot(request, id, "recordVisits", VISIT_TITLE, {
    href: "/unified-land-inspector-dashboard",
    label: "Back to the queue",
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { session, plot } = await plotFor(request, params.id);
  return data(
    {
      user: await shellUser(session),
      plot: { ...fieldPlotHeading(plot), county: plot.county },
      // A new key per form shown: a double submit or a resend records one visit.
      submissionId: crypto.randomUUID(),
      today: new Date().toISOString().slice(0, 10),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session, plot } = await plotFor(request, params.id);
  const form = await formWithin(request, MAX_BODY_BYTES);
  if (!form)
    return refuse(
      request,
      new FormData(),
      {
        status: 413,
        message: `${VISIT_MESSAGES.photoTooBig}. Nothing was saved: fill in the form again with smaller photos.`,
        errors: { photos: [VISIT_MESSAGES.photoTooBig] },
      },
      { refusal: "both", outbox: true },
    );
  return handleForm(request, {
    session,
    form,
    schema: VisitFieldsSchema,
    run: async (input) => {
      const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
      // What the phone declared, checked first; the service checks the bytes themselves.
      const problem =
        files.length > MAX_VISIT_PHOTOS
          ? VISIT_MESSAGES.tooManyPhotos
          : files.some((f) => f.size > MAX_VISIT_PHOTO_BYTES)
            ? VISIT_MESSAGES.photoTooBig
            : files.some((f) => !(PHOTO_CONTENT_TYPES as readonly string[]).includes(f.type))
              ? VISIT_MESSAGES.photoType
              : null;
      if (problem) return fieldFailure(problem, { photos: [problem] });
      const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
      return recordVisit({ ...input, plotId: plot.id, photos }, { ...pageDeps(session), photos: env.CERTS });
    },
    // The receipt: the visit's id, the same for a resend.
    outbox: { receipt: (v) => v.visit.id, repeated: (v) => !v.created },
    done: (v) => `/land-plot-details/${plot.id}?visited=${v.visit.id}`,
  });
}

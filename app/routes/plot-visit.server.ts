import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { fieldErrors } from "#worker/contracts/field-errors";
import { VISIT_MESSAGES, VisitFieldsSchema } from "#worker/contracts/land-inspection";
import { PHOTO_CONTENT_TYPES } from "#worker/domain/photo-metadata";
import { formWithin } from "#worker/http/body-limit";
import { MAX_VISIT_PHOTO_BYTES, MAX_VISIT_PHOTOS, recordVisit } from "#worker/services/plots/record-visit";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldPlotHeading, requireFieldPlot } from "../lib/field-plot.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders } from "../lib/outbox-reply.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/plot-visit";

export const VISIT_TITLE = "Record a field visit";
const TEXT_FIELDS = [
  "visitedOn",
  "latitude",
  "longitude",
  "accuracyM",
  "findings",
  "decision",
  "submissionId",
] as const;
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

type Reply = { values: Record<string, string>; errors: Record<string, string[]>; formError: string | null };
/** A refusal: the page shows it by the fields; the offline outbox reads it from the headers (ADR 027). */
const refuse = (reply: Reply, status: number) =>
  data(reply, {
    status,
    headers: status === 403 ? PRIVATE_PAGE_HEADERS : refusalHeaders(reply.formError, reply.errors),
  });

export async function action({ request, params }: Route.ActionArgs) {
  const { session, plot } = await plotFor(request, params.id);
  const form = await formWithin(request, MAX_BODY_BYTES);
  if (!form)
    return refuse(
      {
        values: {},
        errors: { photos: [VISIT_MESSAGES.photoTooBig] },
        formError: `${VISIT_MESSAGES.photoTooBig}. Nothing was saved: fill in the form again with smaller photos.`,
      },
      413,
    );
  const values = Object.fromEntries(TEXT_FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
  if (!(await verifyCsrf(session, form))) return refuse({ values, errors: {}, formError: CSRF_FAILED }, 403);
  const parsed = VisitFieldsSchema.safeParse(values);
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
  const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
  // What the phone declared, checked first; the service checks the bytes themselves.
  if (files.length > MAX_VISIT_PHOTOS) errors.photos = [VISIT_MESSAGES.tooManyPhotos];
  else if (files.some((f) => f.size > MAX_VISIT_PHOTO_BYTES)) errors.photos = [VISIT_MESSAGES.photoTooBig];
  else if (files.some((f) => !(PHOTO_CONTENT_TYPES as readonly string[]).includes(f.type)))
    errors.photos = [VISIT_MESSAGES.photoType];
  if (!parsed.success || Object.keys(errors).length) return refuse({ values, errors, formError: null }, 400);
  const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
  const result = await recordVisit(
    { ...parsed.data, plotId: plot.id, photos },
    { ...pageDeps(session), photos: env.CERTS },
  );
  if (!result.ok) {
    const errs = result.errors && !Array.isArray(result.errors) ? (result.errors as Record<string, string[]>) : {};
    return refuse({ values, errors: errs, formError: Object.keys(errs).length ? null : result.message }, result.status);
  }
  // The outbox reads the receipt (the visit's id, the same for a resend) and needs no page after it.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { values, errors: {}, formError: null },
      { status: result.value.created ? 201 : 200, headers: receiptHeaders(result.value.visit.id) },
    );
  return redirect(`/land-plot-details/${plot.id}?visited=${result.value.visit.id}`);
}

/**
 * The land inspector's forms and API bodies: the queue query, a field visit, a new
 * boundary for a plot, and retiring a plot. Pages and /api share these schemas; the texts are
 * in ./land-inspection-light.ts for the browser.
 */
import { z } from "zod";
import { VISIT_DECISIONS } from "../domain/visit-queue";
import { EDIT_MESSAGES, QUEUE_MESSAGES, RETIRE_MESSAGES, VISIT_MESSAGES } from "./land-inspection-light";
import { CAPTURE_MODES, coordinatesField, PLOT_MESSAGES } from "./plot";

export { EDIT_MESSAGES, QUEUE_MESSAGES, RETIRE_MESSAGES, VISIT_MESSAGES };

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).min(min, message).max(max, message).optional());

const submissionId = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, "submissionId must be letters, digits and hyphens");

/** ?page=&lat=&lon= — the position is optional, and only counts when both are given. */
export const VisitQueueQuerySchema = z
  .object({
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
    lat: optionalNumber(-90, 90, QUEUE_MESSAGES.position),
    lon: optionalNumber(-180, 180, QUEUE_MESSAGES.position),
  })
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), { path: ["lat"], error: QUEUE_MESSAGES.position });

const today = () => new Date().toISOString().slice(0, 10);

/** The fields of a visit that are not photos (form and API). */
export const VisitFieldsSchema = z
  .object({
    visitedOn: z
      .string({ error: VISIT_MESSAGES.visitedOnRequired })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, VISIT_MESSAGES.visitedOnRequired)
      .refine((d) => !Number.isNaN(Date.parse(d)), VISIT_MESSAGES.visitedOnRequired)
      .refine((d) => d <= today(), VISIT_MESSAGES.visitedOnFuture),
    latitude: optionalNumber(-90, 90, VISIT_MESSAGES.latitudeRange),
    longitude: optionalNumber(-180, 180, VISIT_MESSAGES.longitudeRange),
    accuracyM: optionalNumber(0, 100_000, "Enter the GPS accuracy in metres"),
    findings: z
      .string({ error: VISIT_MESSAGES.findingsRequired })
      .trim()
      .min(1, VISIT_MESSAGES.findingsRequired)
      .max(2000, VISIT_MESSAGES.findingsTooLong),
    decision: z.enum(VISIT_DECISIONS, { error: VISIT_MESSAGES.decisionRequired }),
    submissionId: submissionId.optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    path: ["latitude"],
    error: VISIT_MESSAGES.bothCoordinates,
  });

/** POST /api/plots/{id}/visits: photos as base64 (the whole body stays under /api's 1 MiB). */
export const VisitApiSchema = VisitFieldsSchema.and(
  z.object({
    photos: z
      .array(z.object({ data: z.base64({ error: VISIT_MESSAGES.photoType }) }))
      .max(4, VISIT_MESSAGES.tooManyPhotos)
      .optional(),
  }),
);

/** A boundary edit from the page: typed coordinates, as on /create-land-plot. */
export const BoundaryEditFormSchema = z.object({
  captureMode: z.enum(CAPTURE_MODES, { error: PLOT_MESSAGES.captureModeRequired }),
  coordinates: coordinatesField,
  declaredAreaHectares: optionalNumber(0.0001, 100_000, PLOT_MESSAGES.areaRange),
  reason: z.string().trim().max(500, EDIT_MESSAGES.reasonTooLong).optional(),
  baseVersion: z.coerce.number({ error: EDIT_MESSAGES.baseVersion }).int().min(1, EDIT_MESSAGES.baseVersion),
  submissionId,
});

/** PUT /api/plots/{id}/boundary: the new GeoJSON geometry or Feature. */
export const BoundaryEditApiSchema = z
  .object({
    geometry: z.unknown().optional(),
    feature: z.unknown().optional(),
    declaredAreaHectares: z.number().positive().optional(),
    reason: z.string().trim().max(500, EDIT_MESSAGES.reasonTooLong).optional(),
    baseVersion: z.number({ error: EDIT_MESSAGES.baseVersion }).int().min(1, EDIT_MESSAGES.baseVersion),
    submissionId: submissionId.optional(),
  })
  .refine((v) => v.geometry !== undefined || v.feature !== undefined, {
    path: ["geometry"],
    error: "Send the new boundary as `geometry` (GeoJSON) or `feature` (GeoJSON Feature)",
  });

/** Retiring a plot (form and API). */
export const RetirePlotSchema = z.object({
  reason: z
    .string({ error: RETIRE_MESSAGES.reasonRequired })
    .trim()
    .min(5, RETIRE_MESSAGES.reasonRequired)
    .max(500, RETIRE_MESSAGES.reasonTooLong),
  baseVersion: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).optional()),
});

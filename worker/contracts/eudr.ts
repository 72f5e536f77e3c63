/**
 * One zod schema per form of /eudr-assessment, shared by the browser (conform), the route
 * action and /api/eudr (docs/architecture.md "Forms").
 */
import { z } from "zod";
import { COUNTIES } from "../content/counties";
import { LAYER_KINDS } from "../domain/assess-risk";
import { LAYER_KIND_LABEL } from "./eudr-light";

export { LAYER_KIND_LABEL };

/** Page uploads are multipart and bypass /api's 1 MiB body limit; a Worker parses up to this much GeoJSON comfortably. */
export const MAX_LAYER_FILE_BYTES = 10 * 1024 * 1024;
/** Above this many plots, assessment runs as a background job instead of in the request. */
export const MAX_SYNC_PLOTS = 200;

export const EUDR_MESSAGES = {
  kind: "Choose the kind of layer",
  name: "Enter the layer's name",
  source: "Enter where the data comes from (publisher, dataset and version)",
  sourceDate: "Enter the date of the data as YYYY-MM-DD",
  file: "Choose a GeoJSON file (.geojson or .json)",
  fileTooLarge: `The file is larger than ${MAX_LAYER_FILE_BYTES / 1024 / 1024} MiB: split the layer into several uploads`,
  target: "Choose what to assess",
  value: "Enter a plot code, a farmer ID or a batch code",
  county: "Choose a county",
  csrf: "The form could not be verified. Please reload the page and try again.",
} as const;

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, message);
const isoDate = z
  .string({ error: EUDR_MESSAGES.sourceDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, EUDR_MESSAGES.sourceDate)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    EUDR_MESSAGES.sourceDate,
  );

const layerFields = {
  kind: z.enum(LAYER_KINDS, { error: EUDR_MESSAGES.kind }),
  name: required(EUDR_MESSAGES.name, 120),
  source: required(EUDR_MESSAGES.source, 300),
  sourceDate: isoDate,
};

/** The page's upload form (multipart, with the file). */
export const LayerUploadFormSchema = z.object({
  ...layerFields,
  file: z
    .instanceof(File, { error: EUDR_MESSAGES.file })
    .refine((f) => f.size > 0, EUDR_MESSAGES.file)
    .refine((f) => f.size <= MAX_LAYER_FILE_BYTES, EUDR_MESSAGES.fileTooLarge),
});

/** POST /api/eudr/layers: the same fields with the GeoJSON in the JSON body (object or text). */
export const LayerUploadApiSchema = z.object({
  ...layerFields,
  geojson: z.union([z.string().min(1), z.record(z.string(), z.unknown())], {
    error: "geojson: send the FeatureCollection (as JSON or as text)",
  }),
});

/** "Assess a plot / a farmer's plots / a batch". */
export const AssessFormSchema = z.object({
  target: z.enum(["plot", "farmer", "batch"], { error: EUDR_MESSAGES.target }),
  value: required(EUDR_MESSAGES.value, 60),
});

/** "Assess all plots of a county" (a background job). */
export const CountyJobFormSchema = z.object({
  county: z.enum(COUNTIES, { error: EUDR_MESSAGES.county }),
});

/** POST /api/eudr/assess: exactly one of plotIds, farmerId, batchCode. */
export const AssessApiSchema = z
  .object({
    plotIds: z.array(z.string().trim().min(1).max(60)).min(1).max(MAX_SYNC_PLOTS).optional(),
    farmerId: z.string().trim().min(1).max(60).optional(),
    batchCode: z.string().trim().min(1).max(60).optional(),
  })
  .refine((v) => [v.plotIds, v.farmerId, v.batchCode].filter((x) => x !== undefined).length === 1, {
    message: "Send exactly one of plotIds, farmerId or batchCode",
    path: ["plotIds"],
  });

/** POST /api/eudr/jobs. */
export const JobApiSchema = z.object({
  scope: z.enum(["county", "farmer", "batch", "all"], { error: "scope must be county, farmer, batch or all" }),
  value: z.string().trim().max(60).optional(),
});

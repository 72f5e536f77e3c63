import type { Context } from "hono";
import { Hono } from "hono";
import { importTemplateCsv } from "../domain/import-rows";
import {
  BACKGROUND_BUDGET_MS,
  continueImport,
  type ImportDeps,
  importProgress,
  MAX_IMPORT_BYTES,
  recentImports,
  runView,
  startImport,
} from "../services/registry/bulk-import";
import { uploadLimit } from "./body-limits";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, reply, success } from "./reply";
import { describe } from "./route-meta";

/** The service deps, with the bucket under the name the import service uses. */
const deps = (c: Context<ApiEnv>): ImportDeps => ({ ...serviceDeps(c), files: serviceDeps(c).r2 });

/**
 * Bulk import of farmers and plots (CSV or GeoJSON). The upload answers 202 at once; rows are
 * processed in the background (and by the cron handler if that stops), `GET /:id` shows progress.
 */
export const importsApi = new Hono<ApiEnv>()
  .use(requirePermission("importRegistry"))
  .get("/template.csv", describe("The CSV template of a bulk import", { 200: "text/csv" }), (c) =>
    c.body(importTemplateCsv(), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="farmers-and-plots-template.csv"',
    }),
  )
  .get("/", describe("The 20 most recent imports"), async (c) =>
    success(c, { runs: await recentImports(serviceDeps(c), 20) }),
  )
  .post(
    "/",
    describe("Upload a CSV or GeoJSON file of farmers and plots (raw body or multipart `file`, up to 30 MiB)", {
      202: "The import run; rows are processed in the background",
    }),
    uploadLimit("imports"),
    quota("import"),
    async (c) => {
      const type = c.req.header("Content-Type") ?? "";
      let fileName = c.req.query("fileName") ?? "";
      let bytes: ArrayBuffer;
      if (/^multipart\/form-data/i.test(type)) {
        const file = (await c.req.formData()).get("file");
        if (!(file instanceof File)) return apiError(c, 400, "Attach the file as the form field `file`");
        fileName = file.name;
        bytes = await file.arrayBuffer();
      } else if (/^(text\/csv|text\/plain|application\/(geo\+)?json)\b/i.test(type)) {
        bytes = await c.req.arrayBuffer();
      } else {
        return apiError(
          c,
          415,
          "Send a CSV (text/csv) or GeoJSON (application/geo+json) file, or a multipart form with `file`",
        );
      }
      if (!fileName) fileName = /json/i.test(type) ? "import.geojson" : "import.csv";
      if (bytes.byteLength === 0) return apiError(c, 400, "The file is empty");
      if (bytes.byteLength > MAX_IMPORT_BYTES)
        return apiError(c, 413, "The file is too large (limit 30 MiB): split it into several files");
      const run = await startImport({ fileName, bytes }, deps(c));
      if (run.status === "running") c.executionCtx.waitUntil(continueImport(run.id, deps(c), BACKGROUND_BUDGET_MS));
      return success(c, { run: runView(run) }, 202);
    },
  )
  .get("/:id", describe("An import's progress (polling resumes a stalled import)"), async (c) => {
    const found = await importProgress(c.req.param("id"), serviceDeps(c));
    if (!found.ok) return reply(c, found);
    const { run, stalled } = found.value;
    // Polling a run whose background work stopped starts it again.
    if (stalled) c.executionCtx.waitUntil(continueImport(run.id, deps(c), BACKGROUND_BUDGET_MS));
    return success(c, { run: runView(run) });
  })
  .post("/:id/continue", describe("Process the next rows of an import now"), async (c) => {
    const run = await continueImport(c.req.param("id"), deps(c), 15_000);
    if (!run) return apiError(c, 404, "No import with this ID");
    return success(c, { run: runView(run) });
  });

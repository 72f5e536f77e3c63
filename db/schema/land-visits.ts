/**
 * Plot verification in the field (/unified-land-inspector-dashboard): the visits of land
 * inspectors, and the superseded boundary versions of edited plots (ADR 019).
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** One field visit to a plot. Idempotent by `submissionId` (the form's or device's UUID). */
export const plotVisits = sqliteTable(
  "plot_visits",
  {
    id: text("id").primaryKey(),
    plotId: text("plot_id").notNull(),
    /** The boundary version the inspector saw. */
    plotVersion: integer("plot_version").notNull(),
    /** The day of the visit, yyyy-mm-dd. */
    visitedOn: text("visited_on").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** GPS accuracy in metres, as the phone reported it. */
    accuracyM: real("accuracy_m"),
    findings: text("findings").notNull(),
    /** confirmed | needs_new_boundary | disputed */
    decision: text("decision").notNull(),
    /** JSON array of R2 keys of the cleaned photos (worker/domain/photo-metadata.ts). */
    photoKeys: text("photo_keys").notNull().default("[]"),
    inspectorId: text("inspector_id").notNull(),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("plot_visits_plot_id_idx").on(t.plotId, t.createdAt)],
);

/**
 * A plot's boundary as it was before an edit. land_plots keeps the current version under the same
 * id (the farmer's plot id never changes); assessments and batch origins name the version they used.
 */
export const plotVersions = sqliteTable(
  "plot_versions",
  {
    id: text("id").primaryKey(),
    plotId: text("plot_id").notNull(),
    version: integer("version").notNull(),
    geometry: text("geometry").notNull(),
    geometryType: text("geometry_type").notNull(),
    areaHectares: real("area_hectares").notNull(),
    county: text("county"),
    validationIssues: text("validation_issues").notNull().default("{}"),
    /** When this version was current: from (registration or the previous edit) until the edit that replaced it. */
    validFrom: text("valid_from").notNull(),
    replacedAt: text("replaced_at").notNull(),
    replacedBy: text("replaced_by"),
    /** Why it was replaced (the editor's words). */
    reason: text("reason"),
    /** The edit's submission: a resent edit finds the version it already archived. */
    submissionId: text("submission_id").unique(),
  },
  (t) => [uniqueIndex("plot_versions_plot_version_unique").on(t.plotId, t.version)],
);

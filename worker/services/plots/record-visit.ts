/**
 * A land inspector's field visit to a plot: date, GPS of the visit, photos, findings
 * and a decision. Photos are re-assembled without metadata (worker/domain/photo-metadata.ts — no
 * EXIF GPS of the phone, no trailing data) and stored in R2 before the visit row; the visit, the
 * plot's "last visit", the audit row and the farmer's notice go in ONE batch. Idempotent on
 * `submissionId`: a resend answers the visit already stored.
 */
import type { Database } from "#db/client";
import { isUniqueViolation, landedAnyway } from "#db/errors";
import {
  farmerAccountOf,
  insertVisitStatement,
  markVisitedStatement,
  type PlotVisitRow,
  visitBySubmission,
  visitOfPlotById,
} from "#db/queries/plot-visits";
import { cleanPhoto } from "#worker/domain/photo-metadata";
import { VISIT_DECISION_LABEL, type VisitDecision } from "#worker/domain/visit-queue";
import type { Actor } from "../deps";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { type FieldWrite, fail, ok, type Result } from "../result";
import { plotForFieldWork } from "./plot-access";

export const MAX_VISIT_PHOTOS = 4;
export const MAX_VISIT_PHOTO_BYTES = 2 * 1024 * 1024;
export const VISIT_PHOTO_MESSAGES = {
  tooMany: `Attach at most ${MAX_VISIT_PHOTOS} photos`,
  tooBig: "Each photo must be 2 MB or smaller",
  type: "Each photo must be a JPEG, PNG or WebP image",
} as const;

export type RecordVisitInput = FieldWrite & {
  plotId: string;
  visitedOn: string;
  latitude?: number | null;
  longitude?: number | null;
  accuracyM?: number | null;
  findings: string;
  decision: VisitDecision;
  photos?: Uint8Array[];
};

export type RecordVisitDeps = { db: Database; actor: Actor; now: () => Date; photos: Pick<R2Bucket, "put" | "delete"> };

export const visitPhotoKey = (plotId: string, visitId: string, n: number, contentType: string) =>
  `plot-visits/${plotId}/${visitId}/${n}.${contentType.split("/")[1] === "jpeg" ? "jpg" : contentType.split("/")[1]}`;

export async function recordVisit(
  input: RecordVisitInput,
  deps: RecordVisitDeps,
): Promise<Result<{ created: boolean; visit: PlotVisitRow }>> {
  const { db, actor, now } = deps;
  const access = await plotForFieldWork(db, actor, input.plotId, "recordVisits");
  if (!access.ok) return access;
  const plot = access.value;
  if (input.submissionId) {
    const existing = await visitBySubmission(db, input.submissionId);
    if (existing) {
      // The same key for another plot is not a resend: refuse rather than answer another plot's visit.
      if (existing.plotId !== plot.id) return fail(409, "This submission was already used for another plot");
      return ok({ created: false, visit: existing });
    }
  }
  if (plot.status !== "active") return fail(409, "This plot is retired: it is no longer visited");

  const photos = input.photos ?? [];
  if (photos.length > MAX_VISIT_PHOTOS)
    return fail(400, VISIT_PHOTO_MESSAGES.tooMany, { photos: [VISIT_PHOTO_MESSAGES.tooMany] });
  if (photos.some((p) => p.byteLength > MAX_VISIT_PHOTO_BYTES))
    return fail(413, VISIT_PHOTO_MESSAGES.tooBig, { photos: [VISIT_PHOTO_MESSAGES.tooBig] });
  const cleaned = photos.map((p) => cleanPhoto(p));
  if (cleaned.some((c) => c === null))
    return fail(415, VISIT_PHOTO_MESSAGES.type, { photos: [VISIT_PHOTO_MESSAGES.type] });

  const id = crypto.randomUUID();
  const keys: string[] = [];
  try {
    for (const [n, clean] of cleaned.entries()) {
      const key = visitPhotoKey(plot.id, id, n + 1, clean!.contentType);
      // Listed before the put: a put whose answer is lost may have stored the object all the same.
      keys.push(key);
      await deps.photos.put(key, clean!.bytes, {
        httpMetadata: { contentType: clean!.contentType, contentDisposition: "inline" },
      });
    }
    const at = now().toISOString();
    const visit = {
      id,
      plotId: plot.id,
      plotVersion: plot.version,
      visitedOn: input.visitedOn,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      accuracyM: input.accuracyM ?? null,
      findings: input.findings,
      decision: input.decision,
      photoKeys: JSON.stringify(keys),
      inspectorId: actor.id,
      submissionId: input.submissionId ?? null,
      createdAt: at,
    } satisfies PlotVisitRow;
    const farmerAccount = await farmerAccountOf(db, plot.farmerId);
    await db.batch([
      insertVisitStatement(db, visit),
      markVisitedStatement(db, plot.id, { visitedAt: at, version: plot.version, decision: input.decision }),
      auditEntry(
        db,
        actor,
        "plot.record_visit",
        "land_plot",
        plot.id,
        { lastVisitedAt: plot.lastVisitedAt, lastVisitDecision: plot.lastVisitDecision },
        {
          visitId: id,
          visitedOn: input.visitedOn,
          decision: input.decision,
          version: plot.version,
          photos: keys.length,
        },
      ),
      ...(farmerAccount
        ? [
            notifyStatement(
              db,
              {
                userId: farmerAccount,
                kind: "field_visit_recorded",
                title: `Field visit to your plot ${plot.plotCode}`,
                body: `A land inspector visited plot ${plot.plotCode} on ${input.visitedOn}. Decision: ${VISIT_DECISION_LABEL[input.decision]}.`,
                link: `/farmer-dashboard`,
                subject: { type: "land_plot", id: plot.id },
                dedupeKey: `field_visit_recorded:${id}`,
              },
              now(),
            ),
          ]
        : []),
    ]);
    return ok({ created: true, visit });
  } catch (error) {
    // A lost answer may hide a visit that was stored: it keeps its photos and is answered as stored.
    // If nobody can tell yet, the photos stay too (an object without its row is harmless; a row
    // without its objects is not) and the resend settles it (docs/fault-injection.md).
    const landed = await landedAnyway(error, async () => Boolean(await visitOfPlotById(db, plot.id, id)));
    const stored = landed ? await visitOfPlotById(db, plot.id, id).catch(() => null) : null;
    if (stored) return ok({ created: true, visit: stored });
    if (landed === null) throw error;
    // Nothing of a failed visit stays behind: not its photos either.
    await Promise.all(keys.map((k) => deps.photos.delete(k).catch(() => undefined)));
    if (input.submissionId && isUniqueViolation(error, "submission_id")) {
      const existing = await visitBySubmission(db, input.submissionId);
      if (existing) return ok({ created: false, visit: existing });
    }
    throw error;
  }
}

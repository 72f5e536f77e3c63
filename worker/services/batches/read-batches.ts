/**
 * Reading batches: who sees which batch, the full record of one batch for the people
 * who work with it, and the public trace behind a batch's QR code.
 *
 * Visibility: regulator staff and inspectors (all regulator employees) see every batch; a buyer
 * or exporter sees the batches they bought, hold or signed a custody step for — and an exporter
 * also sees batches cleared at the port, ready to ship; a farmer sees the batches their plots
 * supplied, and within them only their own plots and name.
 */
import type { Database } from "#db/client";
import {
  ancestorIds,
  type BatchFilter,
  type BatchRow,
  type BatchVisibility,
  batchByCode,
  type CustodyRow,
  custodyOf,
  farmerIdsOfUser,
  isVisible,
  lineageOf,
  listBatches,
  type OriginRow,
  originsOf,
} from "#db/queries/batches";
import { can } from "#worker/auth/permissions";
import { INSPECTORS, ROLE_LABEL, type Role } from "#worker/auth/roles";
import {
  COMPLIANCE_LABEL,
  type ComplianceStatus,
  evaluateBatchCompliance,
  verdictForOwnOrigins,
} from "#worker/domain/batch-compliance";
import { EUDR_COMMODITIES, isEudrCommodity } from "#worker/domain/commodities";
import {
  type ChainStatus,
  canCertifyAt,
  canHandleAt,
  canTransition,
  mayRevokeCertificationAt,
  nextStatuses,
  STATUS_LABEL,
} from "#worker/domain/custody";
import { coarsenOrigins, type OriginCell } from "#worker/domain/public-trace";
import { gramsToKg, type InKg, inKg } from "#worker/domain/weight";

export type Viewer = { id: string; role: Role; loginId: string };

/** Which batches a signed-in user may see (see the file comment). */
export function batchVisibility(user: Viewer): BatchVisibility {
  if (user.role === "farmer") return { kind: "farmer", userId: user.id, farmerId: user.loginId };
  if (user.role === "buyer") return { kind: "handled", userId: user.id };
  if (user.role === "exporter")
    return { kind: "handled", userId: user.id, alsoStatuses: ["port_inspected"], exporter: true };
  if ((INSPECTORS as readonly Role[]).includes(user.role) || can(user.role, "readAudit")) return { kind: "all" };
  return { kind: "none" };
}

/**
 * The batch behind `code` if `user` may see it, else null: every action on a batch (transfer,
 * split, merge, compliance) answers "No batch with code …" (404) alike for a batch that does not
 * exist and one the user may not see, exactly as reading it does.
 */
export async function visibleBatchByCode(
  db: Database,
  code: string,
  user: Pick<Viewer, "id" | "role"> & { loginId?: string },
): Promise<BatchRow | null> {
  const batch = await batchByCode(db, code);
  if (!batch) return null;
  const visible = await isVisible(db, batch.id, batchVisibility({ ...user, loginId: user.loginId ?? "" }));
  return visible ? batch : null;
}

/** A batch in a list: a farmer's list carries no user ids (holderId, createdBy). */
/** A listed batch, weights in kg (`weightKg`) as the list page and GET /api/batches show them. */
export type ListedBatch = InKg<
  Omit<BatchRow, "holderId" | "createdBy"> & Partial<Pick<BatchRow, "holderId" | "createdBy">>
>;

export async function listVisibleBatches(
  filter: BatchFilter,
  page: number,
  pageSize: number,
  user: Viewer,
  deps: { db: Database },
): Promise<{ rows: ListedBatch[]; total: number }> {
  const list = await listBatches(deps.db, filter, batchVisibility(user), page, pageSize);
  if (user.role !== "farmer") return { ...list, rows: list.rows.map((b) => inKg(b)) };
  // A farmer's list: no user ids, and no reason or volume note that may name other farmers' plots.
  return {
    ...list,
    rows: list.rows.map(({ holderId: _h, createdBy: _c, ...b }) => ({
      ...inKg(b),
      complianceReason: null,
      volumeNote: null,
    })),
  };
}

/** An origin plot as a given viewer may see it: a farmer sees other farmers' plots only as a count. */
export type OriginView = Pick<
  OriginRow,
  "plotId" | "plotCode" | "farmerId" | "crop" | "areaHectares" | "county" | "riskLevel" | "validationState"
> & {
  farmerName: string | null;
  /** The plot's share in kg (stored in grams). */
  weightKg: number | null;
};

export type BatchView = Awaited<ReturnType<typeof viewOf>>;

/**
 * Everything about one batch for a user allowed to see it (null when it does not exist or is
 * not theirs: the page answers 404 either way, so codes cannot be probed): origins, custody
 * timeline (through every split and merge back to the purchases), lineage, the plots' current
 * compliance verdict, and which actions this user may take now.
 */
export async function readBatch(code: string, user: Viewer, deps: { db: Database }): Promise<BatchView | null> {
  return (await readBatchRecord(code, user, deps))?.view ?? null;
}

/**
 * `readBatch` with the stored row beside the view, for a service that reads on from the batch
 * (the batch page): the row is fetched once.
 */
export async function readBatchRecord(
  code: string,
  user: Viewer,
  deps: { db: Database },
): Promise<{ row: BatchRow; view: BatchView } | null> {
  const { db } = deps;
  const batch = await batchByCode(db, code);
  if (!batch || !(await isVisible(db, batch.id, batchVisibility(user)))) return null;
  return { row: batch, view: await viewOf(batch, user, db) };
}

async function viewOf(batch: BatchRow, user: Viewer, db: Database) {
  const ancestors = await ancestorIds(db, batch.id);
  const [origins, custody, lineage, mine] = await Promise.all([
    originsOf(db, [batch.id]),
    custodyOf(db, [batch.id, ...ancestors]),
    lineageOf(db, batch.id),
    user.role === "farmer" ? farmerIdsOfUser(db, user.id, user.loginId) : Promise.resolve(null),
  ]);
  const verdictOf = (o: OriginRow) => ({
    plotCode: o.plotCode ?? o.plotId,
    riskLevel: o.riskLevel ?? null,
    validationState: o.validationState ?? "invalid",
  });
  const own = mine ? origins.filter((o) => mine.includes(o.farmerId)) : origins;
  const others = mine ? origins.filter((o) => !mine.includes(o.farmerId)) : [];
  // A farmer sees the verdict of their own plots, the other origins only counted.
  const eligibility = mine
    ? verdictForOwnOrigins(own.map(verdictOf), others.map(verdictOf))
    : evaluateBatchCompliance(origins.map(verdictOf));
  const visibleOrigins: OriginView[] = own.map((o) => ({
    plotId: o.plotId,
    plotCode: o.plotCode,
    farmerId: o.farmerId,
    farmerName: o.farmerFirstName == null ? null : `${o.farmerFirstName} ${o.farmerLastName}`.trim(),
    weightKg: o.weightG == null ? null : gramsToKg(o.weightG),
    crop: o.crop,
    areaHectares: o.areaHectares,
    county: o.county ?? o.farmerCounty,
    riskLevel: o.riskLevel,
    validationState: o.validationState,
  }));

  const nextSteps = nextStatuses(batch.status).filter((to) => canTransition(batch.status, to, user.role).ok);
  const handles = (action: "split" | "merge") =>
    canHandleAt(batch.status, user.role, action).ok && (batch.status !== "purchased" || batch.holderId === user.id);
  return {
    // Weights leave the service in kg under their historical names (stored in grams, ADR 020).
    batch: inKg(mine ? farmersBatch(batch, others.length > 0, eligibility.reason) : batch),
    origins: visibleOrigins,
    hiddenOrigins: others.length,
    // A farmer's view of a merged batch also shows other farmers' purchases: no GPS, no notes, no user ids.
    custody: (mine
      ? custody.map((e) => ({ ...e, actorId: null, latitude: null, longitude: null, note: null }))
      : custody
    ).map((e) => inKg(e)),
    lineage: { parents: lineage.parents.map((l) => inKg(l)), children: lineage.children.map((l) => inKg(l)) },
    eligibility,
    actions: {
      nextSteps,
      split: handles("split"),
      merge: handles("merge"),
      /** May decide on compliance here (re-check; mark and revoke as below). */
      certify: can(user.role, "certifyBatches") && batch.status !== "split" && batch.status !== "merged",
      /** May mark it EUDR-compliant at this stage. */
      markCompliant: can(user.role, "certifyBatches") && canCertifyAt(batch.status, user.role).ok,
      /** May revoke its certification, with a reason. */
      revoke: batch.complianceStatus === "compliant" && mayRevokeCertificationAt(batch.status, user.role),
      dds: user.role === "exporter" && batch.status === "exported" && batch.holderId === user.id,
    },
  };
}

/**
 * The batch record as a farmer sees it: no internal user ids (holder, creator);
 * when other farmers' produce is in the batch, the compliance reason is the farmer's own verdict
 * (the stored one may name other farmers' plots) and the volume note, which adds up every
 * origin's hectares, is left out.
 */
function farmersBatch(batch: BatchRow, shared: boolean, ownReason: string) {
  const { holderId: _holder, createdBy: _creator, ...rest } = batch;
  if (!shared) return rest;
  // A certification's reason is the platform's own words (no plot named); any other may name plots.
  const reason = batch.complianceStatus === "compliant" ? batch.complianceReason : ownReason;
  return { ...rest, complianceReason: reason, volumeNote: null };
}

export type PublicTimelineEntry = { date: string; stage: string; place: string | null; by: string; batchCode: string };

export type PublicTrace = {
  batchCode: string;
  commodity: string;
  hsCode: string;
  hsDescription: string | null;
  grade: string | null;
  weightKg: number;
  harvestMonth: string | null;
  status: string;
  counties: string[];
  complianceStatus: ComplianceStatus;
  complianceLabel: string;
  ddsRecorded: boolean;
  plotCount: number;
  timeline: PublicTimelineEntry[];
  cells: OriginCell[];
};

function publicStage(e: CustodyRow): string {
  if (e.fromStatus === null) return "New batch formed from earlier batches";
  return STATUS_LABEL[e.toStatus as ChainStatus] ?? e.toStatus;
}

/**
 * The public trace of a batch (the page its QR code opens): what, how good, from which
 * counties, compliant or not, and the custody steps with date, stage, place and the handler's
 * role. Nothing personal: no names, no Farmer IDs, no plot codes, no exact coordinates — plot
 * positions only as 0.1° cells, custody GPS and notes never.
 */
export async function readPublicTrace(code: string, deps: { db: Database }): Promise<PublicTrace | null> {
  const { db } = deps;
  const batch = await batchByCode(db, code);
  if (!batch) return null;
  const ancestors = await ancestorIds(db, batch.id);
  const [origins, custody] = await Promise.all([originsOf(db, [batch.id]), custodyOf(db, [batch.id, ...ancestors])]);
  const counties = [...new Set(origins.map((o) => o.county ?? o.farmerCounty).filter((c): c is string => !!c))].sort();
  const status = (COMPLIANCE_LABEL as Record<string, string>)[batch.complianceStatus]
    ? (batch.complianceStatus as ComplianceStatus)
    : "pending";
  return {
    batchCode: batch.batchCode,
    commodity: batch.commodity,
    hsCode: batch.hsCode,
    hsDescription: isEudrCommodity(batch.commodity) ? EUDR_COMMODITIES[batch.commodity].description : null,
    grade: batch.grade,
    weightKg: gramsToKg(batch.weightG),
    harvestMonth: batch.harvestDate ? batch.harvestDate.slice(0, 7) : null,
    status: STATUS_LABEL[batch.status as ChainStatus] ?? batch.status,
    counties,
    complianceStatus: status,
    complianceLabel: COMPLIANCE_LABEL[status],
    ddsRecorded: !!batch.ddsReference,
    plotCount: origins.length,
    timeline: custody.map((e) => ({
      date: e.occurredAt.slice(0, 10),
      stage: publicStage(e),
      place: e.location,
      by: ROLE_LABEL[e.actorRole as Role] ?? "Registered handler",
      batchCode: e.batchCode,
    })),
    cells: coarsenOrigins(
      origins
        .filter((o) => o.minLon != null && o.maxLon != null && o.minLat != null && o.maxLat != null)
        .map((o) => ({ lon: (o.minLon! + o.maxLon!) / 2, lat: (o.minLat! + o.maxLat!) / 2 })),
    ),
  };
}

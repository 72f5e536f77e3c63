/**
 * The chain of custody of a batch: the stages in order, who may move a batch from
 * one stage to the next, and the weight rules of each transfer. Pure: no database, no Hono.
 *
 *   harvested (at the farm) → purchased (buyer) → warehouse_received → warehouse_inspected
 *     → port_inspected → exported
 *
 * A batch row is created by the purchase, so "harvested" is only ever the `fromStatus` of the
 * first custody event. "split" and "merged" close a batch whose produce now lives on in new
 * batches (batch_lineage keeps the link to every origin plot).
 *
 * Who acts: each step is signed by the person who physically takes the lot — the buyer at
 * purchase, the warehouse inspector at intake and inspection, the port inspector at the port,
 * the exporter at shipment. Regulator staff (DG, deputies, office and system administrators)
 * deliberately do NOT record custody steps: a custody event is the handler's own declaration,
 * and letting an office account "fill in" a missing step would defeat the chain. They see every
 * batch and read the audit trail instead; DDGOTS certifies compliance (CERTIFICATION_STAGES).
 */

import { ROLE_LABEL, type Role } from "../auth/roles";
import { formatKg, type Grams } from "./weight";

export const CHAIN = [
  "harvested",
  "purchased",
  "warehouse_received",
  "warehouse_inspected",
  "port_inspected",
  "exported",
] as const;
export type ChainStatus = (typeof CHAIN)[number];
/** Closed statuses of a batch whose produce moved into new batches. */
export const CLOSED = ["split", "merged"] as const;
/**
 * A batch that failed warehouse inspection: it leaves the chain for good — returned to
 * the buyer or destroyed (batch_inspections keeps the reason and disposition) — and no transfer,
 * split, merge or certification accepts it.
 */
export const REJECTED = "rejected" as const;
export type BatchStatus = Exclude<ChainStatus, "harvested"> | (typeof CLOSED)[number] | typeof REJECTED;
export const BATCH_STATUSES = [...CHAIN.slice(1), ...CLOSED, REJECTED] as BatchStatus[];
export const REJECTED_MESSAGE = "This batch was rejected at inspection: it cannot move on";

export const STATUS_LABEL: Record<ChainStatus | (typeof CLOSED)[number] | typeof REJECTED, string> = {
  harvested: "Harvested at the farm",
  purchased: "Purchased by buyer",
  warehouse_received: "Received at warehouse",
  warehouse_inspected: "Inspected at warehouse",
  port_inspected: "Inspected at port",
  exported: "Exported",
  split: "Split into smaller batches",
  merged: "Merged into another batch",
  rejected: "Rejected at inspection",
};

/** The step that brings a batch INTO a status (used in forms and refusal messages). */
export const STEP_NAME: Record<ChainStatus, string> = {
  harvested: "harvest",
  purchased: "purchase",
  warehouse_received: "warehouse intake",
  warehouse_inspected: "warehouse inspection",
  port_inspected: "port inspection",
  exported: "export",
};

/** Where a batch in a status physically is, for messages ("A batch at the warehouse …"). */
const WHERE: Record<ChainStatus, string> = {
  harvested: "at the farm",
  purchased: "with the buyer",
  warehouse_received: "at the warehouse",
  warehouse_inspected: "at the warehouse",
  port_inspected: "at the port",
  exported: "already exported",
};

/** The one role that performs each step. */
export const STEP_ROLE: Record<Exclude<ChainStatus, "harvested">, Role> = {
  purchased: "buyer",
  warehouse_received: "warehouse_inspector",
  warehouse_inspected: "warehouse_inspector",
  port_inspected: "port_inspector",
  exported: "exporter",
};

/**
 * Who handles a batch while it sits in a status, and so may split or merge it there
 * (after export nobody can: the lot has left the country).
 */
export const STAGE_HANDLER: Partial<Record<BatchStatus, Role>> = {
  purchased: "buyer",
  warehouse_received: "warehouse_inspector",
  warehouse_inspected: "warehouse_inspector",
  port_inspected: "port_inspector",
};

/**
 * Where a batch may be marked EUDR-compliant, and by whom (ADR 005). Certification
 * follows an inspection: never while the lot is still with the buyer or merely received at the
 * warehouse. DDGOTS (docs/product.md §6: "quality control, certification and inspection coordination")
 * certifies once the warehouse inspection is recorded; the port inspector only at their own
 * stage, as the last check before export. After export the decision has been taken.
 */
export const CERTIFICATION_STAGES: Partial<Record<BatchStatus, readonly Role[]>> = {
  warehouse_inspected: ["ddgots"],
  port_inspected: ["ddgots", "port_inspector"],
};

/** May `role` mark a batch in `status` EUDR-compliant? Refusals name the stage it must reach. */
export function canCertifyAt(status: string, role: Role): Decision {
  if (status === REJECTED) return { ok: false, kind: "order", message: REJECTED_MESSAGE };
  if (status === "split" || status === "merged") {
    return {
      ok: false,
      kind: "order",
      message: `This batch was ${status}: decide on the compliance of its new batches instead`,
    };
  }
  if (status === "exported")
    return { ok: false, kind: "order", message: "This batch has been exported: its certification was decided before" };
  if (!isChainStatus(status)) return { ok: false, kind: "order", message: `Unknown custody stage "${status}"` };
  if (CERTIFICATION_STAGES[status as BatchStatus]?.includes(role)) return { ok: true };
  // The first stage at which this role certifies: before it, the batch is too early.
  const first = CHAIN.find((s) => CERTIFICATION_STAGES[s as BatchStatus]?.includes(role));
  if (first && CHAIN.indexOf(status) < CHAIN.indexOf(first)) {
    return {
      ok: false,
      kind: "order",
      message: `A batch ${WHERE[status]} cannot be marked EUDR-compliant yet: it must pass ${STEP_NAME[first]} first`,
    };
  }
  return {
    ok: false,
    kind: "role",
    message: `Only the Deputy Director General for Operations & Technical Services, or the Port Inspector at the port, can mark a batch EUDR-compliant (you are signed in as ${ROLE_LABEL[role]})`,
  };
}

/**
 * May `role` revoke a batch's certification in `status`? DDGOTS at any stage of the chain, the
 * port inspector while the batch is at the port (ADR 005); never on a split or merged batch.
 */
export function mayRevokeCertificationAt(status: string, role: Role): boolean {
  if (!isChainStatus(status)) return false;
  return role === "ddgots" || (role === "port_inspector" && status === "port_inspected");
}

/** Steps at which the inspector grades the lot (the platform's A+ to F scale). */
export const GRADING_STEPS: readonly ChainStatus[] = ["warehouse_inspected", "port_inspected"];

/**
 * Handling losses between two custody points above this share of the recorded weight are
 * unusual for dried produce (spillage, theft, wet beans sold as dry) and are flagged in the note.
 */
export const LOSS_FLAG_PERCENT = 5;

/** A stage of the custody chain (harvested … exported). */
export function isChainStatus(value: string): value is ChainStatus {
  return (CHAIN as readonly string[]).includes(value);
}

/** The statuses a batch may move to next: exactly one along the chain, none once closed. */
export function nextStatuses(status: string): ChainStatus[] {
  if (!isChainStatus(status)) return [];
  const next = CHAIN[CHAIN.indexOf(status) + 1];
  return next ? [next] : [];
}

/** `kind` tells a refusal for the wrong person (role) from one for the wrong moment (order). */
export type Decision = { ok: true } | { ok: false; kind: "role" | "order"; message: string };

/**
 * May `role` move a batch from `from` to `to`? Refusals say why in words a handler understands:
 * a skipped step names the step that is missing, a wrong role names the role that acts.
 */
export function canTransition(from: string, to: string, role: Role): Decision {
  if (from === REJECTED) return { ok: false, kind: "order", message: REJECTED_MESSAGE };
  if (from === "split")
    return {
      ok: false,
      kind: "order",
      message: "This batch was split into smaller batches: record custody on the new batches instead",
    };
  if (from === "merged")
    return {
      ok: false,
      kind: "order",
      message: "This batch was merged into another batch: record custody on the merged batch instead",
    };
  if (!isChainStatus(from)) return { ok: false, kind: "order", message: `Unknown custody stage "${from}"` };
  if (!isChainStatus(to) || to === "harvested") {
    return {
      ok: false,
      kind: "order",
      message: `Unknown custody stage "${to}": choose one of ${CHAIN.slice(1).join(", ")}`,
    };
  }
  if (from === "exported")
    return { ok: false, kind: "order", message: "This batch has been exported: its chain of custody is complete" };
  const gap = CHAIN.indexOf(to) - CHAIN.indexOf(from);
  if (gap <= 0) {
    return {
      ok: false,
      kind: "order",
      message: `This batch has already passed ${STEP_NAME[to]}: custody only moves forward`,
    };
  }
  if (gap > 1) {
    const missing = CHAIN[CHAIN.indexOf(from) + 1]!;
    return {
      ok: false,
      kind: "order",
      message: `A batch ${WHERE[from]} cannot go straight to ${STEP_NAME[to]}: it must pass ${STEP_NAME[missing]} first`,
    };
  }
  const actor = STEP_ROLE[to];
  if (role !== actor) {
    return {
      ok: false,
      kind: "role",
      message: `Only a ${ROLE_LABEL[actor]} can record ${STEP_NAME[to]} (you are signed in as ${ROLE_LABEL[role]})`,
    };
  }
  return { ok: true };
}

/**
 * May `role` split or merge a batch in `status`? Only the handler of the current stage may
 * (STAGE_HANDLER); closed and exported batches cannot be split or merged.
 */
export function canHandleAt(status: string, role: Role, action: "split" | "merge"): Decision {
  if (status === REJECTED) return { ok: false, kind: "order", message: REJECTED_MESSAGE };
  if (status === "split" || status === "merged") {
    return {
      ok: false,
      kind: "order",
      message: `This batch was already ${status === "split" ? "split" : "merged"}: ${action} its new batches instead`,
    };
  }
  if (status === "exported")
    return {
      ok: false,
      kind: "order",
      message: `An exported batch cannot be ${action === "split" ? "split" : "merged"}: it has left the country`,
    };
  const handler = STAGE_HANDLER[status as BatchStatus];
  if (!handler || !isChainStatus(status))
    return { ok: false, kind: "order", message: `Unknown custody stage "${status}"` };
  if (role !== handler) {
    return {
      ok: false,
      kind: "role",
      message: `Only a ${ROLE_LABEL[handler]} can ${action} a batch ${WHERE[status]} (you are signed in as ${ROLE_LABEL[role]})`,
    };
  }
  return { ok: true };
}

export type WeightCheck =
  | { ok: true; weightInG: Grams; weightOutG: Grams; lossG: Grams; lossPercent: number; flag: string | null }
  | { ok: false; field: "weightInKg" | "weightOutKg"; message: string };

/**
 * Weight rules of a transfer, in integer grams: what comes in cannot exceed the batch's recorded weight (adding
 * produce of unknown origin would taint the whole lot, docs/eudr-rules.md "mixing"; a merge is the way to
 * combine lots), what goes out cannot exceed what came in, and a loss above LOSS_FLAG_PERCENT
 * of the recorded weight is flagged for the note. `field` names the form field (typed in kg).
 */
export function checkTransferWeights(recordedG: Grams, weightInG: Grams | undefined, weightOutG: Grams): WeightCheck {
  const weightIn = weightInG ?? recordedG;
  if (!(weightIn > 0)) return { ok: false, field: "weightInKg", message: "Weight in must be more than 0 kg" };
  if (weightIn > recordedG) {
    return {
      ok: false,
      field: "weightInKg",
      message: `Weight in (${formatKg(weightIn)}) cannot exceed the batch's recorded weight (${formatKg(recordedG)}): produce cannot be added to a batch — merge batches instead`,
    };
  }
  if (!(weightOutG > 0)) return { ok: false, field: "weightOutKg", message: "Weight out must be more than 0 kg" };
  if (weightOutG > weightIn) {
    return {
      ok: false,
      field: "weightOutKg",
      message: `Weight out (${formatKg(weightOutG)}) cannot exceed weight in (${formatKg(weightIn)})`,
    };
  }
  const lossG = recordedG - weightOutG;
  const lossPercent = Math.round((lossG / recordedG) * 1000) / 10;
  const flag =
    lossPercent > LOSS_FLAG_PERCENT
      ? `Weight loss of ${lossPercent}% (${formatKg(lossG)}) since the last custody point exceeds ${LOSS_FLAG_PERCENT}%: check for spillage, theft or moisture loss`
      : null;
  return { ok: true, weightInG: weightIn, weightOutG, lossG, lossPercent, flag };
}

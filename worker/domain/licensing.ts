/**
 * The licence and export-permit lifecycles: the statuses in order, which step moves a
 * record from one to the next, and who takes each step. Pure: no database, no Hono. Refusals
 * follow the custody chain (worker/domain/custody.ts): a wrong person gets `kind: "role"` (403)
 * naming who acts; a step out of order gets `kind: "order"` (409) naming the step(s) missing.
 *
 *   Licence: draft → submitted → reviewed (office) → recommended (DDGOTS) → approved (DG)
 *            → issued (office: number and validity) ⇄ suspended (DG, reason) → revoked (DG, reason)
 *   Permit:  requested (exporter, for a shipment) → recommended (DDGOTS, every batch EUDR-compliant)
 *            → issued (the DG approves: number and validity) → revoked (DG, reason)
 *
 * Reinstating a suspended licence (DG, with a reason) is allowed: a suspension is meant to be
 * temporary (a lapsed fee, an open inquiry), revocation is final. A revoked licence is never
 * reinstated; the holder applies again (ADR 021).
 */
import { PERMISSIONS, type Permission } from "../auth/permissions";
import { ROLE_LABEL, type Role } from "../auth/roles";

export const LICENCE_TYPES = ["exporter", "buyer"] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_TYPE_LABEL: Record<LicenceType, string> = {
  exporter: "Exporter licence",
  buyer: "Buyer licence",
};
/** The role whose account a licence of each type is for. */
export const LICENCE_HOLDER_ROLE: Record<LicenceType, Role> = { exporter: "exporter", buyer: "buyer" };
/** The code in the licence number: LR-LIC-<code>-<year>-<serial>. */
export const LICENCE_CODE: Record<LicenceType, string> = { exporter: "EXP", buyer: "BUY" };

export const LICENCE_STATUSES = [
  "draft",
  "submitted",
  "reviewed",
  "recommended",
  "approved",
  "issued",
  "suspended",
  "revoked",
] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
export const PERMIT_STATUSES = ["requested", "recommended", "issued", "revoked"] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

/** How long an issued licence / permit is valid (configuration: change here; ADR 021). */
export const LICENCE_VALIDITY_MONTHS = 12;
export const PERMIT_VALIDITY_DAYS = 90;

export type StepDef<S extends string> = {
  from: readonly S[];
  to: S;
  /** The permission (worker/auth/permissions.ts) whose roles take the step. */
  permission: Permission;
  /** "review" — as in "Only … can review a licence application". */
  verb: string;
  /** "reviewed by the office" — as in "it must be reviewed by the office first". */
  done: string;
  /** The step needs a reason (suspend, reinstate, revoke). */
  reason?: boolean;
};

export const LICENCE_STEPS = {
  submit: {
    from: ["draft"],
    to: "submitted",
    permission: "applyForLicences",
    verb: "submit",
    done: "submitted by the applicant",
  },
  review: {
    from: ["submitted"],
    to: "reviewed",
    permission: "reviewLicences",
    verb: "review",
    done: "reviewed by the office",
  },
  recommend: {
    from: ["reviewed"],
    to: "recommended",
    permission: "recommendLicences",
    verb: "recommend",
    done: "recommended by DDGOTS",
  },
  approve: {
    from: ["recommended"],
    to: "approved",
    permission: "approveLicences",
    verb: "approve",
    done: "approved by the Director General",
  },
  issue: { from: ["approved"], to: "issued", permission: "issueLicences", verb: "issue", done: "issued by the office" },
  suspend: {
    from: ["issued"],
    to: "suspended",
    permission: "suspendLicences",
    verb: "suspend",
    done: "issued",
    reason: true,
  },
  reinstate: {
    from: ["suspended"],
    to: "issued",
    permission: "suspendLicences",
    verb: "reinstate",
    done: "suspended",
    reason: true,
  },
  revoke: {
    from: ["issued", "suspended"],
    to: "revoked",
    permission: "suspendLicences",
    verb: "revoke",
    done: "issued",
    reason: true,
  },
} as const satisfies Record<string, StepDef<LicenceStatus>>;
export type LicenceStep = keyof typeof LICENCE_STEPS;

export const PERMIT_STEPS = {
  recommend: {
    from: ["requested"],
    to: "recommended",
    permission: "recommendPermits",
    verb: "recommend",
    done: "recommended by DDGOTS",
  },
  approve: {
    from: ["recommended"],
    to: "issued",
    permission: "approvePermits",
    verb: "approve",
    done: "approved by the Director General",
  },
  revoke: {
    from: ["issued"],
    to: "revoked",
    permission: "approvePermits",
    verb: "revoke",
    done: "issued",
    reason: true,
  },
} as const satisfies Record<string, StepDef<PermitStatus>>;
export type PermitStep = keyof typeof PERMIT_STEPS;

/** The forward path of each lifecycle: the steps in order, and the status each one leaves. */
const LICENCE_PATH: { step: LicenceStep; from: LicenceStatus }[] = [
  { step: "submit", from: "draft" },
  { step: "review", from: "submitted" },
  { step: "recommend", from: "reviewed" },
  { step: "approve", from: "recommended" },
  { step: "issue", from: "approved" },
];
const PERMIT_PATH: { step: PermitStep; from: PermitStatus }[] = [
  { step: "recommend", from: "requested" },
  { step: "approve", from: "recommended" },
];

/** `kind` tells a refusal for the wrong person (role, 403) from one for the wrong moment (order, 409). */
export type Decision = { ok: true } | { ok: false; kind: "role" | "order"; message: string };

/** "Office Administrator" / "Licensed Exporter, Agricultural Buyer or Office Administrator". */
export function rolesSentence(roles: readonly Role[]): string {
  const labels = roles.map((r) => ROLE_LABEL[r]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "nobody");
}

/** May `role` take a step at all? Checked first, so the refusal does not depend on the record. */
function roleDecision(def: StepDef<string>, role: Role, what: string): Decision {
  const roles = PERMISSIONS[def.permission] as readonly Role[];
  if (roles.includes(role)) return { ok: true };
  return {
    ok: false,
    kind: "role",
    message: `Only the ${rolesSentence(roles)} can ${def.verb} ${what} (you are signed in as ${ROLE_LABEL[role]})`,
  };
}

function orderDecision<S extends string, K extends string>(
  steps: Record<K, StepDef<S>>,
  path: { step: K; from: S }[],
  step: K,
  status: S,
  noun: string,
): Decision {
  const def = steps[step];
  if ((def.from as readonly string[]).includes(status)) return { ok: true };
  if (status === "revoked")
    return { ok: false, kind: "order", message: `This ${noun} was revoked: nothing more can be done with it` };
  const at = path.findIndex((p) => p.from === status);
  const target = path.findIndex((p) => p.step === step);
  if (at >= 0 && target > at) {
    // A forward step taken too early: name every step still missing, in order.
    const missing = path.slice(at, target).map((p) => steps[p.step].done);
    const list = missing.length > 1 ? `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}` : missing[0];
    return { ok: false, kind: "order", message: `This ${noun} is ${status}: it must be ${list} first` };
  }
  if (def.reason) {
    const wanted = def.from.join(" or ");
    const article = /^[aeiou]/.test(wanted) ? "an" : "a";
    return {
      ok: false,
      kind: "order",
      message: `Only ${article} ${wanted} ${noun} can be ${pastOf(def.verb)} (this one is ${status})`,
    };
  }
  return {
    ok: false,
    kind: "order",
    message: `This ${noun} is already ${status}: it cannot be ${pastOf(def.verb)} again`,
  };
}

const pastOf = (verb: string) => (verb.endsWith("e") ? `${verb}d` : `${verb}ed`);

/** May `role` take licence `step` on a licence in `status`? The role is checked first, then the order. */
export function canLicenceStep(step: LicenceStep, status: string, role: Role): Decision {
  const byRole = roleDecision(LICENCE_STEPS[step], role, step === "submit" ? "a licence application" : "a licence");
  if (!byRole.ok) return byRole;
  return orderDecision(LICENCE_STEPS, LICENCE_PATH, step, status as LicenceStatus, "licence");
}

/** May `role` take permit `step` on a permit in `status`? */
export function canPermitStep(step: PermitStep, status: string, role: Role): Decision {
  const byRole = roleDecision(PERMIT_STEPS[step], role, "an export permit");
  if (!byRole.ok) return byRole;
  return orderDecision(PERMIT_STEPS, PERMIT_PATH, step, status as PermitStatus, "export permit");
}

/** Who may create a licence application: the applicant for itself, or office staff for them. */
export function canApply(role: Role): Decision {
  return roleDecision(
    { from: [], to: "draft", permission: "applyForLicences", verb: "create", done: "" },
    role,
    "a licence application",
  );
}

/** Who may request an export permit (for their own shipment: checked by the service). */
export function canRequestPermit(role: Role): Decision {
  return roleDecision(
    { from: [], to: "requested", permission: "requestPermits", verb: "request", done: "" },
    role,
    "an export permit",
  );
}

/** YYYY-MM-DD of a date (UTC). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The validity of a licence issued on `now`: from that day to the day before the same date `months` later. */
export function licenceValidity(
  now: Date,
  months = LICENCE_VALIDITY_MONTHS,
): { validFrom: string; validUntil: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate() - 1));
  return { validFrom: isoDay(now), validUntil: isoDay(end) };
}

/** The validity of a permit issued on `now`: `days` days, the first included. */
export function permitValidity(now: Date, days = PERMIT_VALIDITY_DAYS): { validFrom: string; validUntil: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days - 1));
  return { validFrom: isoDay(now), validUntil: isoDay(end) };
}

/** Is a licence or permit in force on `now`: issued, and `now` within its validity (both days included)? */
export function inForce(record: { status: string; validFrom: string | null; validUntil: string | null }, now: Date) {
  const today = isoDay(now);
  return (
    record.status === "issued" &&
    record.validFrom != null &&
    record.validUntil != null &&
    record.validFrom <= today &&
    today <= record.validUntil
  );
}

/** Why a permit is not in force, in words an exporter understands; null when it is. */
export function permitProblem(
  permit: { number: string | null; status: string; validFrom: string | null; validUntil: string | null } | null,
  now: Date,
): string | null {
  if (!permit) return "no export permit has been requested";
  if (inForce(permit, now)) return null;
  if (permit.status === "requested") return "its export permit is requested but not yet recommended by DDGOTS";
  if (permit.status === "recommended")
    return "its export permit is recommended but not yet approved by the Director General";
  if (permit.status === "revoked") return `its export permit ${permit.number ?? ""} was revoked`.replace("  ", " ");
  return `its export permit ${permit.number} expired on ${permit.validUntil}`;
}

/** Notice titles for the applicant, per status reached. */
export const LICENCE_NOTICE: Record<LicenceStatus, string> = {
  draft: "Licence application started",
  submitted: "Licence application submitted",
  reviewed: "Licence application reviewed by the office",
  recommended: "Licence application recommended by DDGOTS",
  approved: "Licence application approved by the Director General",
  issued: "Licence issued",
  suspended: "Licence suspended",
  revoked: "Licence revoked",
};
export const PERMIT_NOTICE: Record<PermitStatus, string> = {
  requested: "Export permit requested",
  recommended: "Export permit recommended by DDGOTS",
  issued: "Export permit issued",
  revoked: "Export permit revoked",
};

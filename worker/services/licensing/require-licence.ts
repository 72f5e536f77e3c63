/**
 * The one licence gate (ADR 029): every custody write, purchase, dispatch, sellers-hub
 * listing, offer and sale, and every exporter order calls `requireLicence` before it writes. The
 * acting organisation (the buyer or exporter account; a licence is issued to one account, ADR 021)
 * must hold a licence of its role's type that is issued, within its validity on that date, and
 * covers the commodity. Otherwise the write is refused with 403 naming the licence and its state:
 * "Buyer licence LR-LIC-BUY-2026-000001 is suspended (…): you cannot record a purchase until it
 * is reinstated". Other roles (farmers, inspectors, regulator staff) need no trade licence: null.
 */
import type { Database } from "#db/client";
import { type LicenceRow, licencesOfApplicant } from "#db/queries/licensing";
import { isoDay, LICENCE_TYPE_LABEL, type LicenceType } from "#worker/domain/licensing";
import type { AuditActor } from "../deps";
import { type Failure, fail } from "../result";

export const LICENSED_ACTIVITIES = {
  purchase: "record a purchase",
  custody: "record a custody step",
  dispatch: "send a batch to a warehouse",
  split: "split or merge a batch",
  listing: "list a lot in the sellers hub",
  offer: "make an offer in the sellers hub",
  sale: "accept an offer in the sellers hub",
  order: "create or fill an export order",
} as const;
export type LicensedActivity = keyof typeof LICENSED_ACTIVITIES;

/** The licence type a role trades under; roles without one are not gated. */
const LICENCE_OF_ROLE: Record<string, LicenceType> = { buyer: "buyer", exporter: "exporter" };

/** The commodities a licence covers, or null for every commodity. */
export function licenceCommodities(licence: Pick<LicenceRow, "commodities">): string[] | null {
  if (!licence.commodities) return null;
  try {
    const list = JSON.parse(licence.commodities) as unknown;
    return Array.isArray(list) && list.length ? list.map(String) : null;
  } catch {
    return null;
  }
}

/** Why this licence does not allow the activity today, or null when it does. */
export function licenceRefusal(
  licence: LicenceRow,
  activity: LicensedActivity,
  commodity: string | null,
  today: string,
): string | null {
  const name = `${LICENCE_TYPE_LABEL[licence.type as LicenceType]} ${licence.number ?? "(not issued)"}`;
  const verb = LICENSED_ACTIVITIES[activity];
  switch (licence.status) {
    case "issued":
      break;
    case "suspended":
      return `${name} is suspended${licence.statusReason ? ` (${licence.statusReason})` : ""}: you cannot ${verb} until it is reinstated`;
    case "revoked":
      return `${name} is revoked${licence.statusReason ? ` (${licence.statusReason})` : ""}: you cannot ${verb}; apply for a new licence`;
    default:
      return `Your ${LICENCE_TYPE_LABEL[licence.type as LicenceType].toLowerCase()} application is ${licence.status}, not issued: you cannot ${verb} until a licence is issued`;
  }
  if (licence.validUntil && licence.validUntil < today)
    return `${name} expired on ${licence.validUntil}: you cannot ${verb} until it is renewed`;
  if (licence.validFrom && licence.validFrom > today)
    return `${name} is valid only from ${licence.validFrom}: you cannot ${verb} before then`;
  const covers = licenceCommodities(licence);
  if (commodity && covers && !covers.some((c) => c.toLowerCase() === commodity.toLowerCase()))
    return `${name} does not cover ${commodity} (it covers ${covers.join(", ")}): you cannot ${verb} for ${commodity}`;
  return null;
}

/**
 * Null when `actor` may carry out `activity` for `commodity` on the date of `now`, else the 403
 * naming the licence and its state. One read per call (the applicant's licences of its type).
 */
export async function requireLicence(
  db: Database,
  actor: AuditActor,
  activity: LicensedActivity,
  commodity: string | null,
  now: Date,
): Promise<Failure | null> {
  const type = LICENCE_OF_ROLE[actor.role];
  if (!type) return null;
  const today = isoDay(now);
  const licences = await licencesOfApplicant(db, actor.id, type);
  const refusals = licences.map((l) => ({ l, why: licenceRefusal(l, activity, commodity, today) }));
  if (refusals.some((r) => r.why === null)) return null;
  if (!refusals.length)
    return fail(
      403,
      `You hold no ${LICENCE_TYPE_LABEL[type].toLowerCase()}: you cannot ${LICENSED_ACTIVITIES[activity]} until one is issued (apply on your My licences page)`,
    );
  // The licence that speaks for the holder today: of those ever issued, the one valid the longest
  // (a suspended current licence before an old expired one); else the newest application.
  const issued = refusals
    .filter((r) => r.l.number)
    .sort((a, b) => (b.l.validUntil ?? "").localeCompare(a.l.validUntil ?? ""));
  const best = issued[0] ?? refusals[0]!;
  return fail(403, best.why!);
}

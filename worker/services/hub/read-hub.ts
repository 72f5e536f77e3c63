/**
 * What the sellers hub shows (docs/sellers-hub.md). Lots are public-safe: commodity,
 * grade, county (coarsened), EUDR status, quantity and asking price — never the seller, a plot,
 * a village or a batch code. A person's own lots carry their offers; contact details (name, phone,
 * company) of the counterpart appear only on an ACCEPTED offer, to its two sides.
 */
import { plotsById } from "#db/queries/batches";
import {
  batchFacts,
  contactsOf,
  type LotRow,
  listLots,
  lotById,
  type OfferRow,
  offersBy,
  offersOnLots,
  plotsOfLots,
} from "#db/queries/market-hub";
import {
  COMPLIANCE_LABEL,
  type ComplianceStatus,
  evaluateBatchCompliance,
  statusFor,
} from "#worker/domain/batch-compliance";
import { contactReleasedTo, OFFER_STATUS_LABEL, type OfferStatus } from "#worker/domain/market-hub";
import { formatMoney, isCurrency } from "#worker/domain/money";
import { formatKg, gramsToKg } from "#worker/domain/weight";
import type { ServiceDeps } from "../deps";
import { listOrdersFor } from "../orders/read-orders";
import { ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor">;

export type PublicLot = {
  id: string;
  source: string;
  commodity: string;
  grade: string | null;
  county: string | null;
  eudrStatus: ComplianceStatus;
  eudrLabel: string;
  quantityKg: number;
  remainingKg: number;
  quantity: string;
  askingPrice: { amountMinor: number; currency: string; text: string };
  season: string | null;
  status: string;
  mine: boolean;
};
export type Contact = { name: string; phone: string | null; company: string | null };
export type OfferView = {
  id: string;
  lotId: string;
  commodity: string;
  quantityKg: number;
  quantity: string;
  price: { amountMinor: number; currency: string; text: string };
  grade: string | null;
  status: string;
  statusLabel: string;
  byRole: string;
  batchCode: string | null;
  /** The counterpart's contact: present only when the offer is accepted. */
  contact: Contact | null;
  createdAt: string;
};

const money = (amountMinor: number, currency: string) => ({
  amountMinor,
  currency,
  text: `${isCurrency(currency) ? formatMoney({ amountMinor, currency }) : `${amountMinor} ${currency}`} per kg`,
});

/** Lots as anyone signed in sees them (EUDR status from the batch, or the plots' current verdicts). */
async function publicLots(deps: Deps, rows: LotRow[]): Promise<PublicLot[]> {
  const { db, actor } = deps;
  const [links, facts] = await Promise.all([
    plotsOfLots(
      db,
      rows.filter((l) => l.source === "harvest").map((l) => l.id),
    ),
    batchFacts(
      db,
      rows.map((l) => l.batchId).filter((b): b is string => !!b),
    ),
  ]);
  const plots = await plotsById(
    db,
    links.map((l) => l.plotId),
  );
  return rows.map((l) => {
    let status: ComplianceStatus;
    if (l.batchId) status = (facts.find((b) => b.id === l.batchId)?.complianceStatus ?? "pending") as ComplianceStatus;
    else {
      const mine = links.filter((x) => x.lotId === l.id).map((x) => plots.find((p) => p.id === x.plotId));
      status = statusFor(
        evaluateBatchCompliance(
          mine.map((p, i) =>
            p
              ? { plotCode: p.plotCode, riskLevel: p.riskLevel, validationState: p.validationState }
              : { plotCode: `missing-${i}`, riskLevel: null, validationState: "invalid" },
          ),
        ),
      );
    }
    return {
      id: l.id,
      source: l.source,
      commodity: l.commodity,
      grade: l.grade,
      county: l.county,
      eudrStatus: status,
      eudrLabel: COMPLIANCE_LABEL[status],
      quantityKg: gramsToKg(l.quantityG),
      remainingKg: gramsToKg(l.remainingG),
      quantity: formatKg(l.remainingG),
      askingPrice: money(l.askingMinorPerKg, l.currency),
      season: l.season,
      status: l.status,
      mine: l.sellerId === actor.id,
    };
  });
}

async function offerViews(deps: Deps, offers: OfferRow[], lots: LotRow[]): Promise<OfferView[]> {
  const { db, actor } = deps;
  const released = offers.map((o) => {
    const lot = lots.find((l) => l.id === o.lotId);
    const whose = lot ? contactReleasedTo(o, lot, actor.id) : null;
    return whose === "seller" ? lot!.sellerId : whose === "buyer" ? o.buyerId : null;
  });
  const [people, facts] = await Promise.all([
    contactsOf(
      db,
      released.filter((x): x is string => !!x),
    ),
    batchFacts(
      db,
      offers.map((o) => o.batchId).filter((b): b is string => !!b),
    ),
  ]);
  return offers.map((o, i) => {
    const person = released[i] ? people.find((p) => p.id === released[i]) : undefined;
    return {
      id: o.id,
      lotId: o.lotId,
      commodity: lots.find((l) => l.id === o.lotId)?.commodity ?? "",
      quantityKg: gramsToKg(o.quantityG),
      quantity: formatKg(o.quantityG),
      price: money(o.priceMinorPerKg, o.currency),
      grade: o.grade,
      status: o.status,
      statusLabel:
        o.status === "held" && o.heldReason
          ? `Held: ${o.heldReason}`
          : (OFFER_STATUS_LABEL[o.status as OfferStatus] ?? o.status),
      byRole: o.buyerRole,
      batchCode: facts.find((b) => b.id === o.batchId)?.batchCode ?? null,
      contact: person
        ? {
            name: `${person.firstName} ${person.lastName}`.trim(),
            phone: person.phone,
            company: person.companyName,
          }
        : null,
      createdAt: o.createdAt,
    };
  });
}

/** Open lots (optionally of some commodities), public-safe. */
export async function listOpenLots(
  input: { commodities?: string[] },
  deps: Deps,
): Promise<Result<{ lots: PublicLot[] }>> {
  const rows = await listLots(deps.db, input.commodities ? { commodities: input.commodities } : {});
  return ok({ lots: await publicLots(deps, rows) });
}

/** My lots with the offers on them, and the offers I made. */
export async function myHub(
  deps: Deps,
): Promise<Result<{ myLots: (PublicLot & { offers: OfferView[] })[]; myOffers: OfferView[] }>> {
  const { db, actor } = deps;
  const [own, made] = await Promise.all([
    listLots(db, { sellerId: actor.id, includeClosed: true }),
    offersBy(db, actor.id),
  ]);
  const onMine = await offersOnLots(
    db,
    own.map((l) => l.id),
  );
  const offeredLots = (await Promise.all([...new Set(made.map((o) => o.lotId))].map((id) => lotById(db, id)))).filter(
    (l): l is LotRow => !!l,
  );
  const [views, mineViews, madeViews] = await Promise.all([
    publicLots(deps, own),
    offerViews(deps, onMine, own),
    offerViews(deps, made, offeredLots),
  ]);
  return ok({
    myLots: views.map((l) => ({ ...l, offers: mineViews.filter((o) => o.lotId === l.id) })),
    myOffers: madeViews,
  });
}

/** An open order a lot could help fill: same commodity, and quantity still to allocate. */
export type FittingOrder = { orderCode: string; toFill: string };

/**
 * The lots that fit my open orders (/exporter/marketplace): open batch lots of a commodity one of
 * my open orders still needs, each with the orders it could fill and how much each still lacks.
 * With no open order still to fill, every open batch lot is shown, and `basis` says so.
 */
export async function lotsFittingOrders(deps: Deps): Promise<
  Result<{
    lots: (PublicLot & { fits: FittingOrder[] })[];
    basis: "open_orders" | "all";
    commodities: string[];
  }>
> {
  const orders = (await listOrdersFor({ status: "open" }, deps)).filter((o) => o.quantityG > o.allocatedG);
  const fitsOf = (commodity: string): FittingOrder[] =>
    orders
      .filter((o) => o.commodity === commodity)
      .map((o) => ({ orderCode: o.code, toFill: formatKg(o.quantityG - o.allocatedG) }));
  const commodities = [...new Set(orders.map((o) => o.commodity))].sort();
  const rows = await listLots(deps.db, commodities.length ? { commodities } : {});
  const lots = await publicLots(
    deps,
    rows.filter((l) => l.source === "batch"),
  );
  return ok({
    lots: lots.map((l) => ({ ...l, fits: fitsOf(l.commodity) })),
    basis: commodities.length ? "open_orders" : "all",
    commodities,
  });
}

import { data } from "react-router";
import { exportedTotal } from "#db/queries/figures";
import { licencesOfApplicant } from "#db/queries/licensing";
import { inForce } from "#worker/domain/licensing";
import { EU_COUNTRIES, type EuCountry, STAGE_LABEL, STAGES } from "#worker/domain/orders";
import { gramsToKg } from "#worker/domain/weight";
import type { ServiceDeps } from "#worker/services/deps";
import { unreadMessageCount } from "#worker/services/messages/read-threads";
import { allocatableStock, listOrdersFor } from "#worker/services/orders/read-orders";
import { listShipmentsFor } from "#worker/services/shipments/read-shipments";
import { PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";

/** Messages awaiting my reply: the unread messages in my threads (worker/services/messages). */
export async function messagesAwaitingReply(deps: Pick<ServiceDeps, "db" | "actor">): Promise<number> {
  return unreadMessageCount(deps);
}

/**
 * The exporter's dashboard: my licence and its validity, open orders, shipments by stage
 * with what holds each (the port inspector's blockers and the permit state, read-shipments.ts),
 * compliant stock still to allocate, messages awaiting reply, and a link to every exporter screen.
 * DG and DDGOTS read it (every exporter's figures), without forms.
 */
export async function loader({ request }: { request: Request }) {
  const { session, access } = await requireDashboard(request, "/exporter-dashboard");
  const deps = pageDeps(session);
  const now = deps.now();
  const [licences, orders, shipments, stock, messages, exported] = await Promise.all([
    session.role === "exporter" ? licencesOfApplicant(deps.db, session.id, "exporter") : Promise.resolve([]),
    listOrdersFor({ status: "open" }, deps),
    listShipmentsFor(deps),
    allocatableStock(undefined, deps),
    messagesAwaitingReply(deps),
    // What left, as every dashboard counts it (db/queries/figures.ts): mine, or every exporter's for the DG.
    exportedTotal(deps.db, session.role === "exporter" ? session.id : null),
  ]);
  const licence = licences.find((l) => inForce(l, now)) ?? licences[0] ?? null;
  return data(
    {
      user: await shellUser(session),
      access,
      isExporter: session.role === "exporter",
      licence: licence && {
        number: licence.number,
        status: licence.status,
        validFrom: licence.validFrom,
        validUntil: licence.validUntil,
        inForce: inForce(licence, now),
      },
      orders: orders.map((o) => ({
        code: o.code,
        buyer: `${o.buyerName} (${EU_COUNTRIES[o.buyerCountry as EuCountry] ?? o.buyerCountry})`,
        commodity: o.commodity,
        quantityKg: gramsToKg(o.quantityG),
        allocatedKg: gramsToKg(o.allocatedG),
        deliveryTo: o.deliveryTo,
      })),
      stages: STAGES.map((s) => ({
        stage: s,
        label: STAGE_LABEL[s],
        count: shipments.filter((x) => x.stage === s).length,
      })),
      shipments: shipments
        .filter((s) => s.stage !== "exported")
        .map((s) => ({
          code: s.code,
          stage: STAGE_LABEL[s.stage],
          holds: [
            ...new Set(
              s.batches.flatMap((b) => [
                ...b.blockers.map((x) => `${b.batchCode}: ${x.message}`),
                ...b.expiring.map((c) => `${b.batchCode}: the ${c.title} expires on ${c.expiresAt.slice(0, 10)}`),
              ]),
            ),
          ],
        })),
      stock: { batches: stock.length, kg: gramsToKg(stock.reduce((n, b) => n + b.weightG, 0)) },
      messages,
      exported: { batches: exported.batches, kg: gramsToKg(exported.grams) },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

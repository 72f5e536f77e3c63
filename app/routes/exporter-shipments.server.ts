import { data } from "react-router";
import { ComposeSchema, ExportShipmentSchema, ShipmentDdsSchema } from "#worker/contracts/orders";
import { EU_COUNTRIES, type EuCountry, STAGE_LABEL } from "#worker/domain/orders";
import { formatKg } from "#worker/domain/weight";
import { composeShipment } from "#worker/services/licensing/compose-shipment";
import { requestPermit } from "#worker/services/licensing/request-permit";
import { allocationsOfOrders, listOrdersFor } from "#worker/services/orders/read-orders";
import { shipmentDdsVersions } from "#worker/services/records/read-versions";
import { exportShipment } from "#worker/services/shipments/export-shipment";
import { listShipmentsFor } from "#worker/services/shipments/read-shipments";
import { recordShipmentDds } from "#worker/services/shipments/record-shipment-dds";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm, NO_FIELDS, refuse } from "../lib/page-form.server";
import { versionBy, versionHead } from "../lib/record-versions.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Shipments";

/**
 * /exporter/shipments: compose a shipment from allocated batches, request its export
 * permit, download the due-diligence package (ZIP or PDF), record the DDS numbers, export it.
 * Regulator staff read every exporter's, without forms.
 */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "readOrders", TITLE);
  const deps = pageDeps(session);
  const [shipments, orders] = await Promise.all([listShipmentsFor(deps), listOrdersFor({ status: "open" }, deps)]);
  const allocations = await allocationsOfOrders(
    orders.map((o) => o.id),
    deps,
  );
  const ddsVersions = await shipmentDdsVersions(
    shipments.filter((s) => s.ddsReference).map((s) => s.id),
    deps,
  );
  const url = new URL(request.url);
  return data(
    {
      user: await shellUser(session),
      canWrite: session.role === "exporter",
      done: flashRef(url, "done"),
      composable: orders
        .map((o) => ({
          code: o.code,
          buyer: `${o.buyerName} (${EU_COUNTRIES[o.buyerCountry as EuCountry] ?? o.buyerCountry})`,
          batches: allocations
            .filter((a) => a.orderId === o.id && !a.shipmentCode)
            .map((a) => ({ batchCode: a.batchCode, weight: formatKg(a.weightG) })),
        }))
        .filter((o) => o.batches.length),
      shipments: shipments.map((s) => ({
        code: s.code,
        stage: s.stage,
        stageLabel: STAGE_LABEL[s.stage],
        order: s.orderCode ? `${s.orderCode} — ${s.buyerName} (${s.buyerCountry})` : null,
        weight: formatKg(s.weightG),
        permit: s.permitStatus ? `${s.permitNumber ?? "no number yet"} (${s.permitStatus})` : null,
        dds: s.ddsReference ? `${s.ddsReference} / ${s.ddsVerification}` : null,
        // Every version of the DDS numbers (ADR 031), texts made here, oldest first.
        ddsVersions: (ddsVersions.get(s.id) ?? []).map((v) => ({
          key: `${v.recordId}-${v.version}`,
          text: [
            versionHead(v),
            `${String(v.data.ddsReference)} / ${String(v.data.ddsVerification)}`,
            versionBy(v),
            v.reason ? `Reason: ${v.reason}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
        })),
        exportedAt: s.exportedAt,
        batches: s.batches.map((b) => ({
          batchCode: b.batchCode,
          weight: formatKg(b.weightG),
          status: b.status,
          blockers: b.blockers.map((x) => x.message),
        })),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const session = await requireRole(request, "manageOrders", TITLE);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const shipmentCode = String(form.get("shipmentCode") ?? "");
  const deps = pageDeps(session);
  const done = `/exporter/shipments?done=${shipmentCode}`;
  // A row's form shows one message, not messages by fields it does not have.
  const common = { session, form, refusal: "message" as const };
  switch (intent) {
    case "compose":
      return handleForm(request, {
        ...common,
        schema: ComposeSchema,
        run: (input) => composeShipment(input, deps),
        done: (v) => `/exporter/shipments?done=${v.shipment.code}`,
      });
    case "permit":
      return handleForm(request, {
        ...common,
        schema: NO_FIELDS,
        run: () => requestPermit({ shipmentCode: shipmentCode.toUpperCase(), note: undefined }, deps),
        done: () => done,
      });
    case "dds":
      return handleForm(request, {
        ...common,
        schema: ShipmentDdsSchema,
        run: (input) => recordShipmentDds(shipmentCode, input, deps),
        done: () => done,
      });
    case "export":
      return handleForm(request, {
        ...common,
        schema: ExportShipmentSchema,
        run: (input) => exportShipment(shipmentCode, input, deps),
        done: () => done,
      });
    default:
      return refuse(request, form, { status: 400, message: "Unknown action" });
  }
}

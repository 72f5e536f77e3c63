import { data } from "react-router";
import { AllocateSchema, OrderCreateSchema } from "#worker/contracts/orders";
import { EUDR_COMMODITIES } from "#worker/domain/commodities";
import { CURRENCIES, type Currency, formatMoney } from "#worker/domain/money";
import { EU_COUNTRIES, type EuCountry, INCOTERMS } from "#worker/domain/orders";
import { formatKg, gramsToKg } from "#worker/domain/weight";
import { allocateBatch, releaseBatch } from "#worker/services/orders/allocate-batch";
import { createOrder } from "#worker/services/orders/create-order";
import { allocatableStock, allocationsOfOrders, listOrdersFor } from "#worker/services/orders/read-orders";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Export orders";

/**
 * /exporter/orders: my contracts with EU buyers and the compliant batches allocated to
 * each (ADR 022); regulator staff read every exporter's, without forms.
 */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "readOrders", TITLE);
  const deps = pageDeps(session);
  const [orders, stock] = await Promise.all([listOrdersFor({}, deps), allocatableStock(undefined, deps)]);
  const allocations = await allocationsOfOrders(
    orders.map((o) => o.id),
    deps,
  );
  const url = new URL(request.url);
  return data(
    {
      user: await shellUser(session),
      canWrite: session.role === "exporter",
      choices: {
        countries: Object.entries(EU_COUNTRIES) as [string, string][],
        commodities: Object.keys(EUDR_COMMODITIES).map((c) => [c, c] as [string, string]),
        currencies: CURRENCIES.map((c) => [c, c] as [string, string]),
        incoterms: INCOTERMS.map((c) => [c, c] as [string, string]),
      },
      done: flashRef(url, "done"),
      orders: orders.map((o) => ({
        code: o.code,
        exporter: session.role === "exporter" ? null : o.exporterName,
        buyer: o.buyerName,
        country: EU_COUNTRIES[o.buyerCountry as EuCountry] ?? o.buyerCountry,
        commodity: o.commodity,
        hsCode: o.hsCode,
        quantity: formatKg(o.quantityG),
        allocated: formatKg(o.allocatedG),
        left: formatKg(Math.max(0, o.quantityG - o.allocatedG)),
        price: `${formatMoney({ amountMinor: o.priceMinor, currency: o.currency as Currency })} per tonne`,
        incoterm: o.incoterm,
        window: `${o.deliveryFrom} to ${o.deliveryTo}`,
        status: o.status,
        batches: allocations
          .filter((a) => a.orderId === o.id)
          .map((a) => ({ batchCode: a.batchCode, weight: formatKg(a.weightG), shipmentCode: a.shipmentCode })),
      })),
      stock: stock.map((b) => ({
        batchCode: b.batchCode,
        commodity: b.commodity,
        weightKg: gramsToKg(b.weightG),
        grade: b.grade,
        county: b.county,
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const session = await requireRole(request, "manageOrders", TITLE);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const orderCode = String(form.get("orderCode") ?? "");
  const deps = pageDeps(session);
  if (intent === "create")
    return handleForm(request, {
      session,
      form,
      schema: OrderCreateSchema,
      run: (input) => createOrder(input, deps),
      done: (v) => `/exporter/orders?done=${v.order.code}`,
    });
  return handleForm(request, {
    session,
    form,
    schema: AllocateSchema,
    run: (input) =>
      intent === "release" ? releaseBatch(orderCode, input, deps) : allocateBatch(orderCode, input, deps),
    refusal: "message",
    done: (v) => `/exporter/orders?done=${v.batchCode}`,
  });
}

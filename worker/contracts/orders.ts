/**
 * Export order, allocation and shipment bodies of /api and the exporter's forms. The
 * same schema reads a JSON body and a form (strings); quantities are typed in kg or tonnes and
 * stored in grams, prices typed per tonne and stored in minor units (ADR 020).
 */
import { z } from "zod";
import { EUDR_COMMODITIES, type EudrCommodity } from "../domain/commodities";
import { CURRENCIES, parseMinor } from "../domain/money";
import { EU_COUNTRY_CODES, INCOTERMS } from "../domain/orders";
import { parseKgToGrams } from "../domain/weight";
import { DdsSchema } from "./batches";

export const ORDER_MESSAGES = {
  buyerName: "Enter the EU buyer's company name (2 to 120 characters)",
  buyerCountry: "Choose the EU member state the buyer is in",
  commodity: "Choose the commodity: Cocoa, Coffee, Rubber or Oil Palm",
  hsCode: "Enter the HS code, 4 to 10 digits, e.g. 1801",
  quantity: "Enter the quantity, more than 0, with at most 3 decimals",
  unit: "Choose the unit: kg or tonnes",
  price: "Enter the price per tonne, like 3250.00",
  currency: "Choose the currency: USD or LRD",
  incoterm: "Choose the incoterm, e.g. FOB",
  date: "Enter a date like 2026-03-14",
  window: "The delivery window must end on or after its first day",
  batchCode: "Enter the batch code, like BATCH-2026-000001",
  order: "Enter the order code, like ORD-2026-000001",
  batches: "Choose at least one allocated batch for the shipment",
  shipment: "Enter the shipment code, like SHP-2026-000001",
} as const;
const M = ORDER_MESSAGES;

const isoDate = z
  .string({ error: M.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date);
const code = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(3, message)
    .max(40, message)
    .transform((v) => v.toUpperCase());

export const OrderCreateSchema = z
  .object({
    buyerName: z.string({ error: M.buyerName }).trim().min(2, M.buyerName).max(120, M.buyerName),
    buyerCountry: z
      .string({ error: M.buyerCountry })
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(EU_COUNTRY_CODES, { error: M.buyerCountry })),
    commodity: z.enum(Object.keys(EUDR_COMMODITIES) as [EudrCommodity, ...EudrCommodity[]], { error: M.commodity }),
    hsCode: z
      .string({ error: M.hsCode })
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8}|\d{10})$/, M.hsCode)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    quantity: z.union([z.string(), z.number()], { error: M.quantity }).transform((v, ctx) => {
      const g = parseKgToGrams(String(v));
      if (g === null || g <= 0) {
        ctx.addIssue({ code: "custom", message: M.quantity });
        return z.NEVER;
      }
      return g;
    }),
    unit: z.enum(["kg", "t"], { error: M.unit }).default("kg"),
    price: z.union([z.string(), z.number()], { error: M.price }).transform((v, ctx) => {
      const minor = parseMinor(String(v));
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: "custom", message: M.price });
        return z.NEVER;
      }
      return minor;
    }),
    currency: z.enum(CURRENCIES, { error: M.currency }),
    incoterm: z.enum(INCOTERMS, { error: M.incoterm }),
    deliveryFrom: isoDate,
    deliveryTo: isoDate,
  })
  .refine((o) => o.deliveryTo >= o.deliveryFrom, { path: ["deliveryTo"], message: M.window })
  .transform(({ quantity, unit, price, hsCode, ...o }) => ({
    ...o,
    hsCode: hsCode ?? EUDR_COMMODITIES[o.commodity].hsCode,
    // Typed in kg (grams after parsing) or tonnes (1 t = 1,000 kg): stored in grams.
    quantityG: unit === "t" ? quantity * 1000 : quantity,
    priceMinor: price,
  }));
export type OrderCreateInput = z.infer<typeof OrderCreateSchema>;

export const AllocateSchema = z.object({ batchCode: code(M.batchCode) });
export type AllocateInput = z.infer<typeof AllocateSchema>;

export const ComposeSchema = z.object({
  orderCode: code(M.order),
  batchCodes: z
    .union([z.string(), z.array(z.string())], { error: M.batches })
    .transform((v) => (Array.isArray(v) ? v : [v]).map((c) => c.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, M.batches).max(100, M.batches)),
});
export const ShipmentDdsSchema = DdsSchema;

export const ExportShipmentSchema = z.object({
  location: z.string().trim().min(2).max(120).default("Freeport of Monrovia"),
});
export type ExportShipmentInput = z.infer<typeof ExportShipmentSchema>;

export const PackageQuerySchema = z.object({ format: z.enum(["zip", "pdf"]).catch("zip") });

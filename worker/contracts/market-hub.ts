/**
 * The sellers hub (docs/sellers-hub.md): bodies of listing a lot and making an offer.
 * Quantities are typed in kg and prices per kg as decimals (form strings or JSON numbers); they
 * become integer grams and integer minor units here (ADR 020).
 */
import { z } from "zod";
import { QUALITY_GRADES } from "../domain/commodities";
import { LOT_SOURCES } from "../domain/market-hub";
import { CURRENCIES, parseMinor } from "../domain/money";
import { parseKgToGrams } from "../domain/weight";
import { COMMODITY_NAMES } from "./batches-light";
import { optionalText } from "./optional-text";

export const HUB_MESSAGES = {
  source: "Choose what the lot is backed by: a batch you hold, or the expected harvest of your plots",
  batchCode: "Enter the code of the batch you hold, like COC-2026-000001",
  plotCodes: "Choose at least one of your plots, like PLT-000001-01",
  commodity: "Choose the commodity",
  quantity: "Enter the quantity in kg, a number above 0 with at most 3 decimals, like 1200",
  price: "Enter the price per kg, a number above 0 with at most 2 decimals, like 2.45",
  currency: "Choose the currency: USD or LRD",
  grade: "Choose the grade you will record at purchase (A+ to F)",
  submissionId: "The form could not be matched to a submission. Reload the page and try again.",
  noteTooLong: "The note can be at most 300 characters",
} as const;

const MAX_KG = 1_000_000;
const typed = z.union([z.number(), z.string()]).transform((v) => String(v).trim());

const quantity = typed
  .refine((t) => {
    const g = parseKgToGrams(t);
    return g !== null && g > 0 && g <= MAX_KG * 1000;
  }, HUB_MESSAGES.quantity)
  .transform((t) => parseKgToGrams(t)!);
const price = typed
  .refine((t) => {
    const m = parseMinor(t);
    return m !== null && m > 0;
  }, HUB_MESSAGES.price)
  .transform((t) => parseMinor(t)!);
const submissionId = z.uuid({ error: HUB_MESSAGES.submissionId }).optional();
const plotCodes = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((c) => c.trim().toUpperCase()).filter(Boolean))
  .refine((v) => v.length > 0 && v.length <= 50, HUB_MESSAGES.plotCodes);

export const NewLotSchema = z
  .object({
    source: z.enum(LOT_SOURCES, { error: HUB_MESSAGES.source }),
    batchCode: z.string().trim().toUpperCase().max(40).optional(),
    plotCodes: plotCodes.optional(),
    commodity: z.enum(COMMODITY_NAMES, { error: HUB_MESSAGES.commodity }).optional(),
    quantityKg: quantity,
    pricePerKg: price,
    currency: z.enum(CURRENCIES, { error: HUB_MESSAGES.currency }),
    submissionId,
  })
  .superRefine((v, ctx) => {
    if (v.source === "batch" && !v.batchCode)
      ctx.addIssue({ code: "custom", path: ["batchCode"], message: HUB_MESSAGES.batchCode });
    if (v.source === "harvest") {
      if (!v.plotCodes?.length) ctx.addIssue({ code: "custom", path: ["plotCodes"], message: HUB_MESSAGES.plotCodes });
      if (!v.commodity) ctx.addIssue({ code: "custom", path: ["commodity"], message: HUB_MESSAGES.commodity });
    }
  })
  .transform(({ quantityKg, pricePerKg, ...rest }) => ({
    ...rest,
    quantityG: quantityKg,
    askingMinorPerKg: pricePerKg,
  }));
export type NewLotInput = z.infer<typeof NewLotSchema>;

export const NewOfferSchema = z
  .object({
    quantityKg: quantity,
    pricePerKg: price,
    currency: z.enum(CURRENCIES, { error: HUB_MESSAGES.currency }),
    grade: z.enum(QUALITY_GRADES, { error: HUB_MESSAGES.grade }).optional(),
    note: optionalText(300, HUB_MESSAGES.noteTooLong),
    submissionId,
  })
  .transform(({ quantityKg, pricePerKg, ...rest }) => ({
    ...rest,
    quantityG: quantityKg,
    priceMinorPerKg: pricePerKg,
  }));
export type NewOfferInput = z.infer<typeof NewOfferSchema>;

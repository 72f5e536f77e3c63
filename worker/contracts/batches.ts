/**
 * Batch forms and API bodies: one zod schema per action, shared by the pages
 * (conform, JavaScript on or off) and POST /api/batches…. Messages live once in BATCH_MESSAGES.
 * Business rules that need the database (plots of the farmer, custody order, weights against
 * the stored batch) are judged by worker/services and worker/domain, never here.
 */
import { z } from "zod";
import { COMPLIANCE_STATUSES } from "../domain/batch-compliance";
import { QUALITY_GRADES } from "../domain/commodities";
import { BATCH_STATUSES, CHAIN } from "../domain/custody";
import { CURRENCIES, parseMinor } from "../domain/money";
import { parseKgToGrams } from "../domain/weight";
import { COMMODITY_NAMES } from "./batches-light";
import { optionalText } from "./optional-text";
import { FARMER_ID_MESSAGES, FarmerIdSchema } from "./plot";

export { COMMODITY_NAMES };

/** Steps a transfer can record (the purchase is recorded by creating the batch). */
export const TRANSFER_STEPS = CHAIN.slice(2) as unknown as [
  "warehouse_received",
  "warehouse_inspected",
  "port_inspected",
  "exported",
];
export const MAX_BATCH_KG = 1_000_000;
export const BATCHES_PAGE_SIZE = 25;

export const BATCH_MESSAGES = {
  ...FARMER_ID_MESSAGES,
  tooManyFarmers: "A purchase can name at most 50 farmers",
  plotsRequired: "Choose at least one origin plot",
  plotCodeFormat: "Plot codes look like PLT-100001-01",
  tooManyPlots: "A purchase can draw on at most 100 plots",
  commodityRequired: "Choose the commodity",
  weightRequired: "Enter the weight in kg, a number above 0",
  weightTooLarge: `A batch can weigh at most ${MAX_BATCH_KG.toLocaleString("en-US")} kg`,
  gradeRequired: "Choose a quality grade from A+ to F",
  harvestDateRequired: "Enter the harvest date, like 2026-03-14",
  harvestDateFuture: "The harvest date cannot be in the future",
  harvestDateTooOld: "The harvest date must be in 2000 or later",
  latitudeRange: "Latitude must be a number from -90 to 90",
  longitudeRange: "Longitude must be a number from -180 to 180",
  gpsPair: "Enter both latitude and longitude, or neither",
  purchasePlace: "Enter the place (town or facility) where the batch was bought",
  stepPlace: "Enter the place (town or facility) where this step happened",
  placeTooLong: "The place must be 120 characters or fewer",
  noteTooLong: "The note must be 500 characters or fewer",
  stepRequired: "Choose the custody step to record",
  weightOutRequired: "Enter the weight after this step, in kg",
  weightInPositive: "Weight in must be a number above 0",
  weightDecimals: "Weights are recorded to the gram: enter kg with at most 3 decimals, like 125.5 or 80.125",
  splitWeights: "Enter the weights of at least two new batches, separated by commas, like 400, 350",
  splitWeightNumber: "Each weight must be a number above 0, like 400 or 350.5",
  splitTooMany: "A batch can be split into at most 20 new batches",
  mergeCodes: "Enter the code of at least one other batch to merge with, like LR-COC-2026-000123",
  mergeTwo: "Choose at least two different batches to merge",
  mergeTooMany: "At most 20 batches can be merged at once",
  batchCodeFormat: "Batch codes look like LR-COC-2026-000123",
  ddsReference: "Enter the DDS reference number given by the EU information system (6 to 40 letters, digits, - or /)",
  ddsVerification: "Enter the DDS verification number given by the EU information system (4 to 40 letters or digits)",
  complianceAction: "Choose what to do: mark_compliant, recheck or revoke_compliance (the decision is never assumed)",
  revokeReason: "Give the reason for revoking the certification (at least 10 characters)",
  revokeReasonTooLong: "The reason must be 500 characters or fewer",
  priceRequired: "Enter the price per kg, like 2.50 (at most 2 decimals)",
  currencyRequired: "Choose the currency: USD or LRD",
  moistureRange: "Moisture must be a percentage from 0 to 100 with at most 1 decimal, like 7.5",
  paymentMethodRequired: "Choose how the farmer was paid",
  paymentReferenceRequired: "Enter the payment reference (transaction or transfer number)",
  paymentReferenceTooLong: "The payment reference must be 60 characters or fewer",
  submissionId: "The form could not be matched to a submission. Reload the page and try again.",
} as const;

/** How a farmer is paid (buyer dashboard). */
export const PAYMENT_METHODS = ["cash", "mobile_money", "bank_transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: "Cash",
  mobile_money: "Mobile money",
  bank_transfer: "Bank transfer",
  other: "Other",
};
/** Largest price per kg accepted (minor units): 100,000.00 a kg is far above any farm-gate price. */
const MAX_PRICE_MINOR = 10_000_000;

const todayIso = () => new Date().toISOString().slice(0, 10);

const farmerId = FarmerIdSchema;

const plotCode = z
  .string({ error: BATCH_MESSAGES.plotsRequired })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, BATCH_MESSAGES.plotCodeFormat));

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

/**
 * A weight typed or sent in kilograms (the API keeps kg numbers) → integer grams (ADR 020):
 * at most 3 decimals, so nothing is lost or rounded silently.
 */
const kg = (required: string) =>
  z
    .number({ error: required })
    .positive(required)
    .max(MAX_BATCH_KG, BATCH_MESSAGES.weightTooLarge)
    .refine((v) => !(v > 0 && v <= MAX_BATCH_KG) || parseKgToGrams(String(v)) !== null, BATCH_MESSAGES.weightDecimals)
    .transform((v) => parseKgToGrams(String(v))!);

const place = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(120, BATCH_MESSAGES.placeTooLong);

/** GPS of a custody point: optional (a phone may have no fix), but both or neither. */
const gps = {
  latitude: z
    .number({ error: BATCH_MESSAGES.latitudeRange })
    .min(-90, BATCH_MESSAGES.latitudeRange)
    .max(90, BATCH_MESSAGES.latitudeRange)
    .optional(),
  longitude: z
    .number({ error: BATCH_MESSAGES.longitudeRange })
    .min(-180, BATCH_MESSAGES.longitudeRange)
    .max(180, BATCH_MESSAGES.longitudeRange)
    .optional(),
};
function gpsPair(value: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) {
  if ((value.latitude === undefined) !== (value.longitude === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: [value.latitude === undefined ? "latitude" : "longitude"],
      message: BATCH_MESSAGES.gpsPair,
    });
  }
}

/** Codes typed in one box ("A, B C") or sent as an array. */
const codeList = (message: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(",") : v),
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .transform((text) => [
        ...new Set(
          text
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map((c) => c.toUpperCase()),
        ),
      ])
      .superRefine((codes, ctx) => {
        const bad = codes.filter((c) => !CODE_PATTERN.test(c));
        if (bad.length)
          ctx.addIssue({ code: "custom", message: `${BATCH_MESSAGES.batchCodeFormat} (not ${bad.join(", ")})` });
      }),
  );

/** Price per kg typed ("2.50") or sent (2.5 or "2.50") → integer minor units (no float arithmetic). */
const pricePerKg = z
  .union([z.string(), z.number()], { error: BATCH_MESSAGES.priceRequired })
  .transform((v) => parseMinor(String(v)))
  .refine((v) => v !== null && v > 0 && v <= MAX_PRICE_MINOR, BATCH_MESSAGES.priceRequired)
  .transform((v) => v!);

/** What the buyer paid and how (all optional on the API; the dashboard form requires price and method). */
const payment = {
  pricePerKg: pricePerKg.optional(),
  currency: z.enum(CURRENCIES, { error: BATCH_MESSAGES.currencyRequired }).optional(),
  /** Percent with at most one decimal → tenths of a percent. */
  moisturePct: z
    .number({ error: BATCH_MESSAGES.moistureRange })
    .min(0, BATCH_MESSAGES.moistureRange)
    .max(100, BATCH_MESSAGES.moistureRange)
    .refine((v) => Number.isInteger(Math.round(v * 1000) / 100), BATCH_MESSAGES.moistureRange)
    .transform((v) => Math.round(v * 10))
    .optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: BATCH_MESSAGES.paymentMethodRequired }).optional(),
  paymentReference: optionalText(60, BATCH_MESSAGES.paymentReferenceTooLong),
  submissionId: z.uuid({ error: BATCH_MESSAGES.submissionId }).optional(),
};

/** Price and currency come together; mobile money and bank transfers carry their reference. */
function paymentRules(
  v: { pricePerKg?: number; currency?: string; paymentMethod?: string; paymentReference?: string },
  ctx: z.RefinementCtx,
) {
  if (v.pricePerKg !== undefined && v.currency === undefined)
    ctx.addIssue({ code: "custom", path: ["currency"], message: BATCH_MESSAGES.currencyRequired });
  if (v.pricePerKg === undefined && v.currency !== undefined)
    ctx.addIssue({ code: "custom", path: ["pricePerKg"], message: BATCH_MESSAGES.priceRequired });
  if ((v.paymentMethod === "mobile_money" || v.paymentMethod === "bank_transfer") && !v.paymentReference)
    ctx.addIssue({ code: "custom", path: ["paymentReference"], message: BATCH_MESSAGES.paymentReferenceRequired });
}

/** A buyer's purchase from one or more farmers (creates the batch). */
export const PurchaseSchema = z
  .object({
    farmerIds: z
      .array(farmerId, { error: BATCH_MESSAGES.farmerIdRequired })
      .min(1, BATCH_MESSAGES.farmerIdRequired)
      .max(50, BATCH_MESSAGES.tooManyFarmers),
    plotCodes: z
      .array(plotCode, { error: BATCH_MESSAGES.plotsRequired })
      .min(1, BATCH_MESSAGES.plotsRequired)
      .max(100, BATCH_MESSAGES.tooManyPlots),
    commodity: z.enum(COMMODITY_NAMES, { error: BATCH_MESSAGES.commodityRequired }),
    weightKg: kg(BATCH_MESSAGES.weightRequired),
    grade: z.enum(QUALITY_GRADES, { error: BATCH_MESSAGES.gradeRequired }),
    harvestDate: z
      .string({ error: BATCH_MESSAGES.harvestDateRequired })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, BATCH_MESSAGES.harvestDateRequired)
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        BATCH_MESSAGES.harvestDateRequired,
      )
      .refine((d) => d >= "2000-01-01", BATCH_MESSAGES.harvestDateTooOld)
      .refine((d) => d <= todayIso(), BATCH_MESSAGES.harvestDateFuture),
    ...gps,
    location: place(BATCH_MESSAGES.purchasePlace),
    note: optionalText(500, BATCH_MESSAGES.noteTooLong),
    ...payment,
  })
  .superRefine(gpsPair)
  .superRefine(paymentRules)
  .transform(({ weightKg, pricePerKg, moisturePct, ...rest }) => ({
    ...rest,
    weightG: weightKg,
    pricePerKgMinor: pricePerKg,
    moistureTenthPct: moisturePct,
  }));
/**
 * Parsed purchase: the form/API field `weightKg` (kg) becomes `weightG` (integer grams),
 * `pricePerKg` becomes `pricePerKgMinor` (minor units), `moisturePct` becomes `moistureTenthPct`.
 */
export type PurchaseInput = z.infer<typeof PurchaseSchema>;

/** The buyer dashboard's purchase form: the same purchase, with the price and how it was paid required. */
export const BuyerPurchaseSchema = PurchaseSchema.superRefine((v, ctx) => {
  if (v.pricePerKgMinor === undefined)
    ctx.addIssue({ code: "custom", path: ["pricePerKg"], message: BATCH_MESSAGES.priceRequired });
  if (v.currency === undefined)
    ctx.addIssue({ code: "custom", path: ["currency"], message: BATCH_MESSAGES.currencyRequired });
  if (v.paymentMethod === undefined)
    ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: BATCH_MESSAGES.paymentMethodRequired });
});

/** One custody step after the purchase: intake, inspection, port inspection, export. */
export const TransferSchema = z
  .object({
    toStatus: z.enum(TRANSFER_STEPS, { error: BATCH_MESSAGES.stepRequired }),
    weightInKg: kg(BATCH_MESSAGES.weightInPositive).optional(),
    weightOutKg: kg(BATCH_MESSAGES.weightOutRequired),
    grade: z.enum(QUALITY_GRADES, { error: BATCH_MESSAGES.gradeRequired }).optional(),
    ...gps,
    location: place(BATCH_MESSAGES.stepPlace),
    note: optionalText(500, BATCH_MESSAGES.noteTooLong),
  })
  .superRefine(gpsPair)
  .transform(({ weightInKg, weightOutKg, ...rest }) => ({ ...rest, weightInG: weightInKg, weightOutG: weightOutKg }));
/** Parsed transfer: `weightInKg` / `weightOutKg` (kg) become `weightInG` / `weightOutG` (integer grams). */
export type TransferInput = z.infer<typeof TransferSchema>;

/** Weights typed "400, 350.5" → grams; NaN for a part that is not a number, null for more than 3 decimals. */
const weightParts = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((w) => (/^\d+(\.\d+)?$/.test(w) ? parseKgToGrams(w) : Number.NaN));

/** Where a split or merge happened and why: optional on each. */
const placeAndNote = {
  location: optionalText(120, BATCH_MESSAGES.placeTooLong),
  note: optionalText(500, BATCH_MESSAGES.noteTooLong),
};

/** Split one batch into new batches; weights typed "400, 350" (kg) or sent as an array of kg; parsed to grams. */
export const SplitSchema = z.object({
  /** Integer grams once parsed. */
  weights: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(",") : typeof v === "number" ? String(v) : v),
    z
      .string({ error: BATCH_MESSAGES.splitWeights })
      .trim()
      .min(1, BATCH_MESSAGES.splitWeights)
      // Judged on the whole field so the message sits next to the one box the user typed in.
      .superRefine((text, ctx) => {
        const parts = weightParts(text);
        if (parts.some((w) => w !== null && !(w > 0)))
          ctx.addIssue({ code: "custom", message: BATCH_MESSAGES.splitWeightNumber });
        else if (parts.some((w) => w === null))
          ctx.addIssue({ code: "custom", message: BATCH_MESSAGES.weightDecimals });
        else if (parts.length < 2) ctx.addIssue({ code: "custom", message: BATCH_MESSAGES.splitWeights });
        else if (parts.length > 20) ctx.addIssue({ code: "custom", message: BATCH_MESSAGES.splitTooMany });
      })
      .transform((text) => weightParts(text) as number[]),
  ),
  ...placeAndNote,
});
export type SplitInput = z.infer<typeof SplitSchema>;

/** POST /api/batches/merge: every batch to merge (two or more). */
export const MergeSchema = z.object({
  batchCodes: codeList(BATCH_MESSAGES.mergeTwo).pipe(
    z.array(z.string()).min(2, BATCH_MESSAGES.mergeTwo).max(20, BATCH_MESSAGES.mergeTooMany),
  ),
  ...placeAndNote,
});
export type MergeInput = z.infer<typeof MergeSchema>;

/** The merge form of a batch's page: the other batches to merge this one with. */
export const MergeFormSchema = z.object({
  withCodes: codeList(BATCH_MESSAGES.mergeCodes).pipe(
    z.array(z.string()).min(1, BATCH_MESSAGES.mergeCodes).max(19, BATCH_MESSAGES.mergeTooMany),
  ),
  ...placeAndNote,
});

/** The EU buyer's due diligence statement numbers for an exported batch (docs/eudr-rules.md "DDS"). */
export const DdsSchema = z.object({
  ddsReference: z
    .string({ error: BATCH_MESSAGES.ddsReference })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9/-]{5,39}$/, BATCH_MESSAGES.ddsReference)),
  ddsVerification: z
    .string({ error: BATCH_MESSAGES.ddsVerification })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,40}$/, BATCH_MESSAGES.ddsVerification)),
  /** Why numbers already recorded are changed (ADR 031: at least 10 characters, checked by the service). */
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
});
export type DdsInput = z.infer<typeof DdsSchema>;

export const COMPLIANCE_DECISIONS = ["mark_compliant", "recheck", "revoke_compliance"] as const;
export type ComplianceDecision = (typeof COMPLIANCE_DECISIONS)[number];

/**
 * A compliance decision on a batch, always explicit: mark it EUDR-compliant,
 * re-check it against the plots' current verdicts, or revoke a wrong certification — the
 * revocation needs a reason of at least 10 characters, kept in the audit trail.
 */
export const ComplianceSchema = z
  .object({
    decision: z.enum(COMPLIANCE_DECISIONS, { error: BATCH_MESSAGES.complianceAction }),
    reason: z
      .string({ error: BATCH_MESSAGES.revokeReason })
      .trim()
      .max(500, BATCH_MESSAGES.revokeReasonTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "revoke_compliance" && (value.reason ?? "").length < 10)
      ctx.addIssue({ code: "custom", path: ["reason"], message: BATCH_MESSAGES.revokeReason });
  });
export type ComplianceInput = z.infer<typeof ComplianceSchema>;

/** GET /api/batches/purchase-lookup: the farmer a buyer is about to buy from. */
export const PurchaseLookupSchema = z
  .object({
    farmerId: farmerId.optional(),
    /** The text of a scanned farmer card (`LR-FARMER:FRM…`). */
    card: z.string().trim().max(60).optional(),
    phone: z.string().trim().max(30).optional(),
  })
  .refine((v) => v.farmerId || v.card || v.phone, {
    path: ["farmerId"],
    message: "Give the farmerId, the card's text or the farmer's phone number",
  });

/** Filters of /batches and GET /api/batches (query string). */
export const BatchFilterSchema = z.object({
  status: z
    .enum(BATCH_STATUSES as [string, ...string[]])
    .optional()
    .catch(undefined),
  commodity: z.enum(COMMODITY_NAMES).optional().catch(undefined),
  compliance: z.enum(COMPLIANCE_STATUSES).optional().catch(undefined),
  code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  flagged: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v === "1" || v === "true"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

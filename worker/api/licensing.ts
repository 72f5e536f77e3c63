import { Hono } from "hono";
import { PERMISSIONS, type Permission } from "../auth/permissions";
import { ROLE_LABEL, type Role } from "../auth/roles";
import {
  FeeTotalsSchema,
  InvoiceListSchema,
  LicenceApplySchema,
  LicenceListSchema,
  PaymentSchema,
  PermitListSchema,
  PermitRequestSchema,
  ReasonSchema,
  type StepInput,
} from "../contracts/licensing";
import {
  canLicenceStep,
  canPermitStep,
  type Decision,
  LICENCE_STEPS,
  type LicenceStep,
  PERMIT_STEPS,
  type PermitStep,
  rolesSentence,
  type StepDef,
} from "../domain/licensing";
import type { ServiceDeps } from "../services/deps";
import { feeTotals, listInvoicesFor, receiptFor } from "../services/fees/read-fees";
import { recordPayment } from "../services/fees/record-payment";
import { applyForLicence } from "../services/licensing/apply-licence";
import { licenceFor, listLicencesFor, listPermitsFor, permitFor } from "../services/licensing/read-licensing";
import { requestPermit } from "../services/licensing/request-permit";
import { stepLicence } from "../services/licensing/step-licence";
import { stepPermit } from "../services/licensing/step-permit";
import type { Result } from "../services/result";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { paged, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/**
 * /api/licences, /api/permits and /api/fees: the licence lifecycle, export permits and
 * fee invoices. Each step's guard refuses other roles with a 403 naming who acts (the same words
 * as worker/domain/licensing.ts); the services check ownership (404 for another's record) and the
 * order of steps (409 naming the missing step).
 */

/** The 403 of a role without `permission`, naming the roles that have it. */
const refusal = (permission: Permission, what: string) => (role: Role) =>
  `Only the ${rolesSentence(PERMISSIONS[permission])} can ${what} (you are signed in as ${ROLE_LABEL[role]})`;

/**
 * POST /:id/<step> for each step of a licence or permit workflow, guarded by the step's
 * permission (the refusal names who takes it); a step that needs a reason takes `{ reason }`.
 */
function stepRoutes<S extends string>(
  api: Hono<ApiEnv>,
  steps: Record<S, StepDef<string>>,
  may: (step: S, status: string, role: Role) => Decision,
  summary: Record<S, string>,
  take: (id: string, step: S, input: StepInput, deps: ServiceDeps) => Promise<Result<object>>,
) {
  for (const step of Object.keys(steps) as S[]) {
    const def = steps[step];
    const guard = requirePermission(def.permission, (role) => {
      const d = may(step, def.from[0]!, role);
      return d.ok ? "" : d.message;
    });
    if (def.reason) {
      api.post(`/:id/${step}`, guard, describe(summary[step]), body(ReasonSchema), async (c) =>
        reply(c, await take(c.req.param("id")!, step, c.req.valid("json"), serviceDeps(c))),
      );
    } else {
      api.post(`/:id/${step}`, guard, describe(summary[step]), async (c) =>
        reply(c, await take(c.req.param("id")!, step, {}, serviceDeps(c))),
      );
    }
  }
}

const LICENCE_STEP_SUMMARY: Record<LicenceStep, string> = {
  submit: "Submit a draft licence application (its applicant, or the office for them)",
  review: "Review a submitted application (Office Administrator)",
  recommend: "Recommend a reviewed application to the Director General (DDGOTS)",
  approve: "Approve a recommended application (Director General)",
  issue: "Issue an approved licence: its number, validity and fee invoice (Office Administrator)",
  suspend: "Suspend an issued licence, with a reason (Director General)",
  reinstate: "Reinstate a suspended licence, with a reason (Director General)",
  revoke: "Revoke an issued or suspended licence, with a reason (Director General)",
};

export const licencesApi = new Hono<ApiEnv>()
  .get(
    "/",
    requirePermission("readLicences", refusal("readLicences", "see licences")),
    describe("Licences: an applicant's own, every licence for regulator staff (paged)"),
    query(LicenceListSchema),
    async (c) => {
      const filter = c.req.valid("query");
      const { items, total } = await listLicencesFor(filter, serviceDeps(c));
      return paged(c, "licences", items, { page: filter.page, pageSize: filter.pageSize, total });
    },
  )
  .post(
    "/",
    requirePermission("applyForLicences", refusal("applyForLicences", "create a licence application")),
    describe("Create a draft licence application (the applicant for itself, or the office naming the account)", {
      201: "The draft licence",
    }),
    body(LicenceApplySchema),
    async (c) => reply(c, await applyForLicence(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/:id",
    requirePermission("readLicences", refusal("readLicences", "see licences")),
    describe("One licence with its steps (who did what, when, why)"),
    async (c) => reply(c, await licenceFor(c.req.param("id"), serviceDeps(c))),
  );

stepRoutes(licencesApi, LICENCE_STEPS, canLicenceStep, LICENCE_STEP_SUMMARY, stepLicence);

const PERMIT_STEP_SUMMARY: Record<PermitStep, string> = {
  recommend: "Recommend an export permit (DDGOTS; every batch of the shipment must be EUDR-compliant)",
  approve: "Approve an export permit, which issues it with its number, validity and fee invoice (Director General)",
  revoke: "Revoke an issued export permit, with a reason (Director General)",
};

export const permitsApi = new Hono<ApiEnv>()
  .get(
    "/",
    requirePermission("readPermits", refusal("readPermits", "see export permits")),
    describe("Export permits: an exporter's own, every permit for regulator staff (paged)"),
    query(PermitListSchema),
    async (c) => {
      const filter = c.req.valid("query");
      const { items, total } = await listPermitsFor(filter, serviceDeps(c));
      return paged(c, "permits", items, { page: filter.page, pageSize: filter.pageSize, total });
    },
  )
  .post(
    "/",
    requirePermission("requestPermits", refusal("requestPermits", "request an export permit")),
    describe("Request the export permit of one of my shipments (needs my exporter licence in force)", {
      201: "The requested permit",
    }),
    body(PermitRequestSchema),
    async (c) => reply(c, await requestPermit(c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/:id",
    requirePermission("readPermits", refusal("readPermits", "see export permits")),
    describe("One export permit with its steps"),
    async (c) => reply(c, await permitFor(c.req.param("id"), serviceDeps(c))),
  );

stepRoutes(permitsApi, PERMIT_STEPS, canPermitStep, PERMIT_STEP_SUMMARY, stepPermit);

export const feesApi = new Hono<ApiEnv>()
  .get(
    "/invoices",
    requirePermission("readFees", refusal("readFees", "see fee invoices")),
    describe("Fee invoices: a payer's own, every invoice for DDGAF, the DG and the office (paged)"),
    query(InvoiceListSchema),
    async (c) => {
      const filter = c.req.valid("query");
      const { items, total } = await listInvoicesFor(filter, serviceDeps(c));
      return paged(c, "invoices", items, { page: filter.page, pageSize: filter.pageSize, total });
    },
  )
  .post(
    "/invoices/:id/payments",
    requirePermission("recordFeePayments", refusal("recordFeePayments", "record a fee payment")),
    describe("Record the payment of an invoice with its reference; answers the receipt number", {
      201: "The payment and its receipt number",
    }),
    body(PaymentSchema),
    async (c) => reply(c, await recordPayment(c.req.param("id"), c.req.valid("json"), serviceDeps(c)), 201),
  )
  .get(
    "/invoices/:id/receipt",
    requirePermission("readFees", refusal("readFees", "see fee receipts")),
    describe("The receipt PDF of a paid invoice", { 200: "application/pdf" }),
    quota("receipt"),
    async (c) => {
      const result = await receiptFor(c.req.param("id"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { bytes, receiptNumber } = result.value;
      return privateFile(new Uint8Array(bytes), "application/pdf", "inline", `${receiptNumber}.pdf`);
    },
  )
  .get(
    "/totals",
    requirePermission("readFeeTotals", refusal("readFeeTotals", "see fee totals")),
    describe("Fees billed, paid and outstanding by month, fee type and currency (DDGAF)"),
    query(FeeTotalsSchema),
    async (c) => success(c, await feeTotals(c.req.valid("query"), serviceDeps(c).db)),
  );

/**
 * Licences for the worker tests (ADR 029): every purchase, custody step, listing, offer and order
 * needs the acting buyer or exporter to hold a valid licence, so a test that trades first has one
 * issued the way the platform issues it: applied for and taken through every step by the roles
 * that take them (worker/services/licensing), never written into the table.
 */
import { env } from "cloudflare:workers";
import { database } from "#db/client";
import { licencesOfApplicant } from "#db/queries/licensing";
import { LICENCE_STEPS, type LicenceStep } from "#worker/domain/licensing";
import { applyForLicence } from "#worker/services/licensing/apply-licence";
import { stepLicence } from "#worker/services/licensing/step-licence";

const STAFF = {
  office: { id: "demo-office-admin", role: "office_admin" },
  ddgots: { id: "demo-ddgots", role: "ddgots" },
  dg: { id: "demo-dg", role: "dg" },
} as const;
const PATH: [LicenceStep, keyof typeof STAFF][] = [
  ["submit", "office"],
  ["review", "office"],
  ["recommend", "ddgots"],
  ["approve", "dg"],
  ["issue", "office"],
];

/**
 * Issues a licence of the account's role ("buyer" or "exporter") to `accountId` (the demo account
 * of that role by default), valid from `now` for a year; `commodities` limits what it covers. An
 * application the account already has open (a draft, or one part-way) is taken on from its step.
 */
export async function issueLicence(
  role: "buyer" | "exporter",
  accountId = `demo-${role}`,
  opts: { commodities?: string[]; now?: Date } = {},
) {
  const db = database(env.DB);
  const now = () => opts.now ?? new Date();
  const open = (await licencesOfApplicant(db, accountId, role)).find((l) =>
    ["draft", "submitted", "reviewed", "recommended", "approved"].includes(l.status),
  );
  let licence = open;
  if (!licence) {
    const made = await applyForLicence(
      {
        type: role,
        companyName: `${role} test company`,
        county: undefined,
        note: undefined,
        commodities: opts.commodities,
      },
      { db, actor: { id: accountId, role }, now },
    );
    if (!made.ok) throw new Error(`licence not created: ${made.message}`);
    licence = made.value.licence;
  }
  const from = PATH.findIndex(([step]) => (LICENCE_STEPS[step].from as readonly string[]).includes(licence!.status));
  for (const [step, who] of PATH.slice(from)) {
    const moved = await stepLicence(licence.id, step, {}, { db, actor: STAFF[who], now });
    if (!moved.ok) throw new Error(`licence not ${step}ed: ${moved.message}`);
    licence = moved.value.licence;
  }
  return licence;
}

/** Suspends, reinstates or revokes a licence as the Director General does (with a reason). */
export async function stepLicenceAsDg(licenceId: string, step: "suspend" | "reinstate" | "revoke", reason: string) {
  const moved = await stepLicence(
    licenceId,
    step,
    { reason },
    { db: database(env.DB), actor: STAFF.dg, now: () => new Date() },
  );
  if (!moved.ok) throw new Error(`licence not ${step}d: ${moved.message}`);
  return moved.value.licence;
}

import { data, redirect } from "react-router";
import { farmerHistory, findFarmer } from "#db/queries/farmers";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { can } from "#worker/auth/permissions";
import { GENDER_LABEL, GENDERS } from "#worker/contracts/farmer";
import { CorrectFarmerSchema } from "#worker/contracts/records";
import { mayCorrect } from "#worker/domain/corrections";
import { normaliseFarmerId } from "#worker/domain/farmer-id";
import { issueFarmerLogin } from "#worker/services/auth/issue-farmer-login";
import {
  BLANKABLE_FARMER_FIELDS,
  correctFarmer,
  FARMER_DETAIL_FIELDS,
  FARMER_FIELD_LABEL,
  type StaleFarmer,
} from "#worker/services/records/correct-farmer";
import { farmerVersions } from "#worker/services/records/read-versions";
import { farmerView } from "#worker/services/registry/farmer-view";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm, NO_FIELDS } from "../lib/page-form.server";
import { versionBy, versionHead } from "../lib/record-versions.server";
import { notFound, shellUser } from "../lib/work-page.server";

export const FARMER_DETAILS_TITLE = "Farmer details";

/** Field names worth showing in a history entry, with their labels. */
const CHANGE_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  gender: "Gender",
  dateOfBirth: "Date of birth",
  phone: "Phone",
  county: "County",
  district: "District",
  community: "Community",
  crops: "Crops",
  status: "Status",
  photoKey: "Photo",
  nationalId: "National ID",
  mustChangePassword: "Must change password",
  active: "Account active",
};

function changes(before: string | null, after: string | null): string[] {
  const parse = (json: string | null): Record<string, unknown> => {
    try {
      const v: unknown = json ? JSON.parse(json) : {};
      return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const [b, a] = [parse(before), parse(after)];
  // A creation lists nothing: the page above shows what was registered.
  if (!before) return [];
  return Object.keys(CHANGE_LABELS)
    .filter((k) => k in a && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${CHANGE_LABELS[k]}: ${JSON.stringify(b[k] ?? null)} → ${JSON.stringify(a[k] ?? null)}`);
}

/** Whether `key` had a value in the version before (so a blank now was a correction's doing). */
const blankedIn = (previous: Record<string, unknown> | undefined, key: string) =>
  previous !== undefined && previous[key] !== null && previous[key] !== undefined && previous[key] !== "";

export async function loader({ request, params }: { request: Request; params: { farmerId?: string } }) {
  const session = await requireRole(request, "readRegistry", FARMER_DETAILS_TITLE);
  const asked = params.farmerId ?? "";
  const farmerId = normaliseFarmerId(asked);
  // frm000123, FRM-2024-001…: one canonical address per farmer.
  if (farmerId && farmerId !== asked) throw redirect(`/farmers/${farmerId}`);
  const { db } = pageDeps();
  const found = farmerId ? await findFarmer(db, farmerId) : null;
  if (!found) notFound(`No farmer with ID ${asked}`, { href: "/farmers-list", label: "Back to the farmers list" });
  const { farmer, registrar } = found;
  const [plots, history, user, versioned] = await Promise.all([
    plotsOfFarmer(db, farmer.farmerId),
    farmerHistory(db, farmer.farmerId, farmer.userId),
    shellUser(session),
    farmerVersions(farmer.farmerId, { db }),
  ]);
  const versions = versioned.ok ? versioned.value.versions : [];
  // The correction form (ADR 031) only for who may correct now: the registrar within 48 h, a supervisor.
  const canCorrect =
    can(session.role, "correctFarmerDetails") &&
    mayCorrect(
      { id: session.id, role: session.role },
      { recordedBy: farmer.registeredBy ?? "", recordedAt: farmer.createdAt },
      new Date(),
    ).ok;
  return data(
    {
      user,
      farmer: farmerView(farmer),
      // Labelled here so the page's bundle does not pull in the form schema (and zod).
      genderLabel: farmer.gender ? (GENDER_LABEL[farmer.gender as keyof typeof GENDER_LABEL] ?? farmer.gender) : null,
      registeredBy: registrar?.loginId
        ? `${[registrar.firstName, registrar.lastName].filter(Boolean).join(" ")} (${registrar.loginId})`
        : null,
      canAddPlot: can(session.role, "editPlots"),
      // Imported farmers have no login until an inspector issues one (ADR 009).
      canIssueLogin: !farmer.userId && can(session.role, "registerFarmers"),
      hasLogin: Boolean(farmer.userId),
      canCorrect,
      corrected: new URL(request.url).searchParams.has("corrected"),
      currentVersion: versions.at(-1)?.version ?? 1,
      // The device's key for this correction: a resend (double submit, offline outbox) stores it once.
      submissionId: crypto.randomUUID(),
      genderOptions: GENDERS.map((g) => [g, GENDER_LABEL[g]] as const),
      versions: versions.map((v, i) => ({
        key: String(v.version),
        head: versionHead(v, "As registered"),
        by: versionBy(v),
        // A detail a correction left blank reads "(blank)"; one blank since registration is not listed.
        details: Object.entries(v.data)
          .filter(([k, value]) => (value !== null && value !== "") || blankedIn(versions[i - 1]?.data, k))
          .map(([k, value]) =>
            value === null || value === ""
              ? `${CHANGE_LABELS[k] ?? k}: (blank)`
              : `${CHANGE_LABELS[k] ?? k}: ${k === "gender" ? (GENDER_LABEL[value as keyof typeof GENDER_LABEL] ?? String(value)) : String(value)}`,
          )
          .join(" · "),
        reason: v.reason,
      })),
      blankable: BLANKABLE_FARMER_FIELDS.map((f) => [f, FARMER_FIELD_LABEL[f]] as const),
      plots: plots.map(({ id, plotCode, crop, areaHectares, county, validationState, riskLevel }) => ({
        id,
        plotCode,
        crop,
        areaHectares,
        county,
        validationState,
        riskLevel,
      })),
      history: history.map((h) => ({
        id: h.id,
        at: h.createdAt,
        action: h.action,
        on: h.entityType === "user" ? "Account" : "Registry record",
        by: h.actorLoginId
          ? `${[h.actorFirstName, h.actorLastName].filter(Boolean).join(" ")} (${h.actorLoginId})`
          : (h.actorRole ?? "system"),
        changes: changes(h.before, h.after),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * "Issue a login": creates the farmer's account and shows the temporary password once.
 * "Correct the details" (intent `correct_farmer`, ADR 031): a new version with its reason.
 */
export async function action({ request, params }: { request: Request; params: { farmerId?: string } }) {
  const form = await request.clone().formData();
  const asked = params.farmerId ?? "";
  const farmerId = normaliseFarmerId(asked) ?? asked;
  if (form.get("intent") === "correct_farmer") {
    const session = await requireRole(request, "correctFarmerDetails", FARMER_DETAILS_TITLE);
    return handleForm(request, {
      session,
      form,
      schema: CorrectFarmerSchema,
      run: (input) => correctFarmer(farmerId, input, pageDeps(session)),
      // The offline outbox (ADR 027) reads its receipt from the answer: the farmer and the version stored.
      outbox: {
        receipt: (v) => `${v.farmerId} v${v.version}`,
        conflict: (failure) => conflictOf(failure.errors, form),
      },
      done: (v) => `/farmers/${v.farmerId}?corrected=${v.version}`,
    });
  }
  const session = await requireRole(request, "registerFarmers", FARMER_DETAILS_TITLE);
  return handleForm(request, {
    session,
    form,
    schema: NO_FIELDS,
    run: () => issueFarmerLogin(normaliseFarmerId(asked) ?? "", pageDeps(session)),
    done: (issued) => data({ issued }, { headers: PRIVATE_PAGE_HEADERS }),
  });
}

/** Labels of the conflict view (the outbox shows them field by field): the form's wording of each detail. */
const CONFLICT_LABELS: Record<string, string> = {
  version: "Version",
  ...FARMER_FIELD_LABEL,
  nationalId: "National ID number",
  reason: "Reason",
};

/**
 * A stale correction (409): the server's current details beside what this phone sent, so the
 * person sees both versions and chooses (ADR 027: nothing is overwritten silently).
 */
function conflictOf(errors: unknown, form: FormData) {
  const stale = Array.isArray(errors) ? (errors as StaleFarmer[]).find((e) => e?.rule === "stale_version") : undefined;
  if (!stale) return undefined;
  const label = (field: string, value: string | null | undefined) =>
    field === "gender" && value ? (GENDER_LABEL[value as keyof typeof GENDER_LABEL] ?? value) : (value ?? "");
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const server: Record<string, string> = { version: String(stale.currentVersion) };
  const mine: Record<string, string> = { version: text("baseVersion") };
  for (const f of FARMER_DETAIL_FIELDS) {
    server[f] = label(f, stale.current[f]);
    // A field left blank stays as it is on the server (the service's rule): the phone's version keeps it.
    mine[f] = text(f) ? label(f, text(f)) : server[f];
  }
  mine.reason = text("reason");
  return { server, mine, labels: CONFLICT_LABELS };
}

import { data, redirect } from "react-router";
import { farmerHistory, findFarmer } from "#db/queries/farmers";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { can } from "#worker/auth/permissions";
import { GENDER_LABEL } from "#worker/contracts/farmer";
import { normaliseFarmerId } from "#worker/domain/farmer-id";
import { issueFarmerLogin } from "#worker/services/auth/issue-farmer-login";
import { farmerView } from "#worker/services/registry/farmer-view";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { formReply } from "../lib/form-reply.server";
import { notFound, shellUser } from "../lib/work-page.server";

export const FARMER_DETAILS_TITLE = "Farmer details";

/** Field names worth showing in a history entry, with their labels. */
const CHANGE_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
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
  const [plots, history, user] = await Promise.all([
    plotsOfFarmer(db, farmer.farmerId),
    farmerHistory(db, farmer.farmerId, farmer.userId),
    shellUser(session),
  ]);
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

/** "Issue a login": creates the farmer's account and shows the temporary password once. */
export async function action({ request, params }: { request: Request; params: { farmerId?: string } }) {
  const session = await requireRole(request, "registerFarmers", FARMER_DETAILS_TITLE);
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    return data(
      { error: "The form could not be verified. Please reload the page and try again.", issued: null },
      { status: 403 },
    );
  }
  const farmerId = normaliseFarmerId(params.farmerId ?? "") ?? "";
  return formReply(
    await issueFarmerLogin(farmerId, pageDeps(session)),
    (issued) => data({ error: null, issued }, { headers: PRIVATE_PAGE_HEADERS }),
    (failure) => ({ error: failure.message, issued: null }),
  );
}

/**
 * What the three executive dashboards share on the server: the GET filter (date range,
 * county, commodity) read from the URL, paging, the licensing step forms' action, and formatting.
 */
import { data, redirect } from "react-router";
import { findLicence } from "#db/queries/licensing";
import type { OversightFilter } from "#db/queries/oversight";
import { findPermit, findShipmentById } from "#db/queries/shipments";
import type { DashboardPath } from "#worker/auth/roles";
import type { Session } from "#worker/auth/session";
import { COUNTIES } from "#worker/content/counties";
import { StepSchema } from "#worker/contracts/licensing";
import { EUDR_COMMODITIES } from "#worker/domain/commodities";
import { LICENCE_TYPE_LABEL, type LicenceStep, type LicenceType, type PermitStep } from "#worker/domain/licensing";
import { stepLicence } from "#worker/services/licensing/step-licence";
import { stepPermit } from "#worker/services/licensing/step-permit";
import type { Result } from "#worker/services/result";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireDashboard, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";
import { flashMessage } from "./flash.server";

export const OVERSIGHT_COMMODITIES = Object.keys(EUDR_COMMODITIES);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null);
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type FilterView = { from: string; to: string; county: string; commodity: string; error: string | null };

/**
 * The filter of a dashboard URL: `from` and `to` (YYYY-MM-DD, both included; `from` empty = since
 * the first record, `to` empty = today), `county` (one of the 15), `commodity` (an EUDR commodity).
 * A malformed value is ignored and said so above the figures.
 */
export function readFilter(url: URL, now: Date): { filter: OversightFilter; view: FilterView } {
  const p = url.searchParams;
  const today = now.toISOString().slice(0, 10);
  const rawFrom = p.get("from") ?? "";
  const rawTo = p.get("to") ?? "";
  let from = validDay(rawFrom);
  let to = validDay(rawTo);
  let error: string | null = null;
  if ((rawFrom && !from) || (rawTo && !to)) error = "Enter dates as YYYY-MM-DD; the invalid one was ignored.";
  if (from && to && from > to) {
    error = "The start date is after the end date: they were swapped.";
    [from, to] = [to, from];
  }
  const county = (COUNTIES as readonly string[]).includes(p.get("county") ?? "") ? p.get("county") : null;
  const commodity = OVERSIGHT_COMMODITIES.includes(p.get("commodity") ?? "") ? p.get("commodity") : null;
  return {
    filter: { from: from ?? "0000-01-01", until: nextDay(to ?? today), county, commodity },
    view: { from: from ?? "", to: to ?? "", county: county ?? "", commodity: commodity ?? "", error },
  };
}

/**
 * What every executive dashboard's loader starts with: the guard (full or read-only access), the
 * page's deps and clock, its URL and the GET filter read from it.
 */
export async function oversightPage(request: Request, path: DashboardPath) {
  const { session, access } = await requireDashboard(request, path);
  const deps = pageDeps(session);
  const now = deps.now();
  const url = new URL(request.url);
  return { session, access, deps, now, url, ...readFilter(url, now) };
}

/** A page number from the URL (1 when absent or malformed). */
export function pageParam(url: URL, name: string): number {
  const v = Number(url.searchParams.get(name));
  return Number.isInteger(v) && v >= 1 && v <= 10_000 ? v : 1;
}

/** A paged list's state for the Pager: its page, page count and the URL without its page parameter. */
export function listPage(url: URL, param: string, total: number) {
  const rest = new URLSearchParams(url.searchParams);
  rest.delete(param);
  for (const k of ["done", "error"]) rest.delete(k);
  const q = rest.toString();
  return { page: pageParam(url, param), pages: pageCount(total), base: `${url.pathname}${q ? `?${q}` : ""}`, param };
}

/**
 * One paged list of a dashboard: its total (every row of the query carries the count of all),
 * the Pager's state under the URL parameter `param`, and this page's rows as items.
 */
export function pagedItems<R extends { total: number }, I>(url: URL, param: string, rows: R[], item: (r: R) => I) {
  const total = rows[0]?.total ?? 0;
  return { total, list: listPage(url, param, total), items: rows.map(item) };
}

/** A licence in a step queue: "<licence type>: <company>" and the dashboard's own detail line. */
export const licenceQueueItem = (l: { id: string; type: string; companyName: string }, detail: string) => ({
  id: l.id,
  what: `${LICENCE_TYPE_LABEL[l.type as LicenceType] ?? l.type}: ${l.companyName}`,
  detail,
});

/** An export permit in a step queue: "Export permit for shipment <code>" and the detail line. */
export const permitQueueItem = (p: { id: string; shipmentCode: string }, detail: string) => ({
  id: p.id,
  what: `Export permit for shipment ${p.shipmentCode}`,
  detail,
});

/** Whole days from `iso` to now ("0 days" on the day itself). */
export function ageDays(iso: string, now: Date): number {
  return Math.max(
    0,
    Math.floor((now.getTime() - Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso)) / 86_400_000),
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-11" → "Nov 2026". */
export const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym.slice(5, 7)} ${ym.slice(0, 4)}`;

/** "1,250.75" — minor units as an amount without its currency (the row or column names it); integers only. */
export function minorAmount(minor: number): string {
  const abs = Math.abs(Math.trunc(minor));
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

export const pageCount = (total: number, size = 10) => Math.max(1, Math.ceil(total / size));

/** Share as "62.5 %" (one decimal), "—" of nothing. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? `${(Math.round((part / whole) * 1000) / 10).toLocaleString("en-US")} %` : "—";

const ACTIONS: Record<string, { kind: "licence" | "permit"; step: LicenceStep | PermitStep }> = {
  "recommend-licence": { kind: "licence", step: "recommend" },
  "approve-licence": { kind: "licence", step: "approve" },
  "recommend-permit": { kind: "permit", step: "recommend" },
  "approve-permit": { kind: "permit", step: "approve" },
};

/**
 * The licensing forms of a dashboard (no JavaScript): `intent` names the step, `id` the licence or
 * permit. The dashboard guard runs first (read-only viewers and other roles are refused), then the
 * existing licensing service, which checks the role, the record and the order again and writes the
 * step, audit row, notice (and on approval the number and invoice) in one batch. A step taken
 * answers with a redirect back to the dashboard carrying what was stepped (`?done=licence&id=…`),
 * whose notice the dashboard words from the stored record; a refusal is answered on the page
 * itself with its status and message. No text travels in the URL (app/lib/flash.server.ts).
 */
export async function licensingAction(request: Request, path: DashboardPath, allowed: readonly string[]) {
  const { session, access } = await requireDashboard(request, path);
  const form = await request.formData();
  const refuse = (status: number, error: string) =>
    data({ flash: { done: null, error } }, { status, headers: PRIVATE_PAGE_HEADERS });
  if (access !== "full") return refuse(403, "Read-only oversight view: you cannot act on this dashboard.");
  if (!(await verifyCsrf(session, form))) return refuse(403, CSRF_FAILED);
  const intent = String(form.get("intent") ?? "");
  const action = ACTIONS[intent];
  if (!action || !allowed.includes(intent)) return refuse(400, "Unknown action.");
  const id = String(form.get("id") ?? "");
  const outcome = await takeStep(session, action.kind, action.step, id);
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  const query = new URLSearchParams({ done: action.kind, id });
  return redirect(`${path}?${query.toString()}#queue`, { headers: PRIVATE_PAGE_HEADERS });
}

async function takeStep(
  session: Session,
  kind: "licence" | "permit",
  step: LicenceStep | PermitStep,
  id: string,
): Promise<Result<unknown>> {
  const input = StepSchema.parse({});
  const deps = pageDeps(session);
  return kind === "licence"
    ? stepLicence(id, step as LicenceStep, input, deps)
    : stepPermit(id, step as PermitStep, input, deps);
}

/**
 * The outcome of the last licensing form, read back from the redirect: the licence or permit it
 * stepped, as it is now stored (a link naming another record only shows that record's true state).
 */
export async function flashOf(url: URL): Promise<{ done: string | null; error: string | null }> {
  const kind = flashMessage(url, "done", { licence: "licence", permit: "permit" } as const);
  const id = url.searchParams.get("id") ?? "";
  const { db } = pageDeps();
  if (kind === "licence") {
    const licence = id ? await findLicence(db, id) : null;
    if (licence)
      return { done: `Licence application of ${licence.companyName} is now ${licence.status}.`, error: null };
  }
  if (kind === "permit") {
    const permit = id ? await findPermit(db, id) : null;
    const shipment = permit ? await findShipmentById(db, permit.shipmentId) : null;
    if (permit && shipment)
      return {
        done: `The export permit of shipment ${shipment.code} is now ${permit.status}${permit.number ? ` (${permit.number})` : ""}.`,
        error: null,
      };
  }
  return { done: null, error: null };
}

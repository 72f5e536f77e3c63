import { data, redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import { buildAuditorExport, mayExportAuditRecords } from "#worker/services/records/auditor-export";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { overQuota } from "../lib/quota.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Auditor's export";

/** Why the last request gave no ZIP: a code in the address, mapped to fixed words (never free text). */
export const EXPORT_PROBLEMS = {
  empty: "Enter a batch or shipment code",
  unknown: "No batch or shipment with this code",
} as const;
type Problem = keyof typeof EXPORT_PROBLEMS;

/** The guard of both routes: regulator staff and auditor observers (donors and NGOs are refused). */
async function requireExporter(request: Request): Promise<Session> {
  const session = await requireRole(request, "exportAuditRecords", TITLE);
  if (!(await mayExportAuditRecords(pageDeps(session))))
    throw data(
      { forbidden: true as const, title: TITLE, role: session.role, home: "/monitoring-dashboard" },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  return session;
}

const kindOf = (value: string | null) => (value === "shipment" ? "shipment" : "batch");

/**
 * /auditor-export: where an auditor (and regulator staff) ask for the ZIP of one batch's or
 * shipment's whole record by its code, a plain GET form to /auditor-export/zip (README "The
 * auditor's export"), which sends the person back here with a problem code when it has no ZIP.
 */
export async function pageLoader(request: Request) {
  const session = await requireExporter(request);
  const params = new URL(request.url).searchParams;
  const problem = params.get("problem");
  const error = problem && problem in EXPORT_PROBLEMS ? EXPORT_PROBLEMS[problem as Problem] : null;
  return data(
    { user: await shellUser(session), kind: kindOf(params.get("kind")), code: params.get("code") ?? "", error },
    { status: error ? 400 : 200, headers: PRIVATE_PAGE_HEADERS },
  );
}

/** /auditor-export/zip?kind=&code=: the ZIP itself, or back to the form with the problem. */
export async function zipLoader(request: Request) {
  const session = await requireExporter(request);
  const params = new URL(request.url).searchParams;
  const kind = kindOf(params.get("kind"));
  const code = (params.get("code") ?? "").trim().slice(0, 64);
  const back = (problem: Problem) =>
    redirect(`/auditor-export?${new URLSearchParams({ kind, code, problem })}`, { headers: PRIVATE_PAGE_HEADERS });
  if (!code) return back("empty");
  const limited = await overQuota(session, "package");
  if (limited)
    return new Response(limited.message, {
      status: 429,
      headers: { ...limited.headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  const result = await buildAuditorExport({ kind, code }, pageDeps(session));
  if (!result.ok) return back("unknown");
  return new Response(new Uint8Array(result.value.bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${result.value.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

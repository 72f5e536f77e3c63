// GET /batches/:batchCode/auditor-export: the auditor's export of a batch as a ZIP download
// (contents in README "The auditor's export"). Regulator staff and auditors only.
import { data } from "react-router";
import { buildAuditorExport } from "#worker/services/records/auditor-export";
import { requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { overQuota } from "../lib/quota.server";
import type { Route } from "./+types/batch-auditor-export";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "exportAuditRecords", "Auditor's export");
  const limited = await overQuota(session, "package");
  if (limited) throw data(limited.message, { status: 429, headers: limited.headers });
  const result = await buildAuditorExport({ kind: "batch", code: params.batchCode }, pageDeps(session));
  if (!result.ok) throw data(result.message, { status: result.status });
  return new Response(new Uint8Array(result.value.bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${result.value.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { env } from "cloudflare:workers";
import { data } from "react-router";
import { visitOfPlotById } from "#db/queries/plot-visits";
import { requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import type { Route } from "./+types/plot-visit-photo";

/**
 * One photo of a field visit, for staff who may read the registry. The R2 key comes from the
 * stored visit (never from the URL), and the image is served with its real type and nosniff.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "readRegistry", "Field visit photo");
  const visit = await visitOfPlotById(pageDeps().db, params.id, params.visitId);
  const keys = visit ? (JSON.parse(visit.photoKeys) as string[]) : [];
  const key = keys[Number(params.n) - 1];
  const object = key ? await env.CERTS.get(key) : null;
  if (!object) throw data("No such photo", { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

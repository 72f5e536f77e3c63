import { data } from "react-router";
import { CropYieldSchema } from "#worker/contracts/users";
import { listCropYields, setCropYield } from "#worker/services/users/crop-yields";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm, refuse } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/admin-crop-yields";

const TITLE = "crop yields";

/** Crop yields for the volume plausibility check: default, configured, in use. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const asked = new URL(request.url).searchParams.get("saved");
  const yields = await listCropYields(pageDeps());
  // The crop comes back as a code: only one of the listed crops is named (app/lib/flash.server.ts).
  const saved = yields.find((y) => y.crop === asked)?.crop ?? null;
  return data({ user: await shellUser(session), yields, saved }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const form = await request.formData();
  if (form.get("intent") !== "yield") return refuse(request, form, { status: 400, message: "Unknown action" });
  return handleForm(request, {
    session,
    form,
    schema: CropYieldSchema,
    run: (input) => setCropYield(input, pageDeps(session)),
    refusal: "both",
    done: (v) => `/agritrace-admin-portal/crop-yields?saved=${encodeURIComponent(v.crop)}`,
  });
}

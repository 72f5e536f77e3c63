import { data, redirect } from "react-router";
import { CropYieldSchema } from "#worker/contracts/users";
import { listCropYields, setCropYield } from "#worker/services/users/crop-yields";
import { failed, parseForm, readForm, refused } from "../lib/admin-forms.server";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
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
  const { form, intent, refusal } = await readForm(request, session);
  if (refusal) return refusal;
  if (intent !== "yield") return refused({ intent, values: {}, errors: {}, message: "Unknown action" }, 400);
  const parsed = parseForm(CropYieldSchema, form, intent);
  if (!parsed.ok) return parsed.refusal;
  const result = await setCropYield(parsed.value, pageDeps(session));
  if (!result.ok) return failed(result, { intent, values: parsed.values });
  return redirect(`/agritrace-admin-portal/crop-yields?saved=${encodeURIComponent(result.value.crop)}`);
}

/**
 * /sellers-hub (docs/sellers-hub.md): open lots, my lots with their offers, my offers;
 * forms to list a lot, make an offer, accept or decline. Plain forms (JavaScript off): one action,
 * told apart by `intent`; a success redirects with a notice, a refusal answers the form's values
 * and messages.
 */
import { data, redirect } from "react-router";
import { farmerIdsOfUser } from "#db/queries/batches";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { can } from "#worker/auth/permissions";
import { fieldErrors } from "#worker/contracts/field-errors";
import { NewLotSchema, NewOfferSchema } from "#worker/contracts/market-hub";
import { isEligiblePlot } from "#worker/domain/batch-compliance";
import { createLot } from "#worker/services/hub/create-lot";
import { decideOffer } from "#worker/services/hub/decide-offer";
import { makeOffer } from "#worker/services/hub/make-offer";
import { listOpenLots, lotsFittingOrders, myHub } from "#worker/services/hub/read-hub";
import type { FieldErrors } from "#worker/services/result";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";

export type HubReply = {
  intent: string;
  target?: string;
  values: Record<string, string>;
  errors: FieldErrors;
  message?: string;
};

const NOTICES: Record<string, string> = {
  listed: "Your lot is listed.",
  offered: "Your offer is sent to the seller.",
  accepted: "Offer accepted: the counterpart's contact details are shown below.",
  declined: "Offer declined.",
};

/** Shared by /sellers-hub and /exporter/marketplace. */
export async function hubLoader(request: Request, title: string, exporterView: boolean) {
  const session = await requireRole(request, "readHub", title);
  const deps = pageDeps(session);
  const [lots, mine, fitting] = await Promise.all([
    exporterView ? null : listOpenLots({}, deps),
    myHub(deps),
    exporterView ? lotsFittingOrders(deps) : null,
  ]);
  const plots =
    session.role === "farmer"
      ? (
          await Promise.all(
            (await farmerIdsOfUser(deps.db, session.id, session.loginId)).map((f) => plotsOfFarmer(deps.db, f)),
          )
        )
          .flat()
          .filter((p) => isEligiblePlot(p))
          .map((p) => ({ plotCode: p.plotCode, crop: p.crop, areaHectares: p.areaHectares }))
      : [];
  const notice = NOTICES[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return data(
    {
      user: await shellUser(session),
      lots: lots?.ok ? lots.value.lots : fitting?.ok ? fitting.value.lots : [],
      basis: fitting?.ok ? fitting.value.basis : null,
      commodities: fitting?.ok ? fitting.value.commodities : [],
      myLots: mine.ok ? mine.value.myLots : [],
      myOffers: mine.ok ? mine.value.myOffers : [],
      plots,
      canList: can(session.role, "listLots"),
      canOffer: can(session.role, "makeOffers"),
      notice,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function loader({ request }: { request: Request }) {
  return hubLoader(request, "Sellers hub", false);
}

const text = (form: FormData, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "").trim()])) as Record<string, string>;
const present = (v: Record<string, string>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ""));

function refused(reply: HubReply, status: number) {
  return data(reply, { status, headers: PRIVATE_PAGE_HEADERS });
}

export async function hubAction(request: Request, title: string, back: string) {
  const session = await requireRole(request, "readHub", title);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("target") ?? "");
  const values = text(form, [
    "source",
    "batchCode",
    "commodity",
    "quantityKg",
    "pricePerKg",
    "currency",
    "grade",
    "note",
    "submissionId",
  ]);
  if (!(await verifyCsrf(session, form)))
    return refused(
      { intent, target, values, errors: {}, message: "The form could not be verified: reload the page and try again" },
      403,
    );
  const deps = pageDeps(session);
  const failed = (r: { status: number; message: string; errors?: unknown }) => {
    const errors = r.errors && !Array.isArray(r.errors) ? (r.errors as FieldErrors) : {};
    return refused(
      { intent, target, values, errors, message: Object.keys(errors).length ? undefined : r.message },
      r.status,
    );
  };
  if (intent === "list") {
    const plotCodes = form.getAll("plotCodes").map(String);
    const parsed = NewLotSchema.safeParse({ ...present(values), ...(plotCodes.length ? { plotCodes } : {}) });
    if (!parsed.success) return refused({ intent, values, errors: fieldErrors(parsed.error) }, 400);
    const result = await createLot(parsed.data, deps);
    return result.ok ? redirect(`${back}?done=listed`) : failed(result);
  }
  if (intent === "offer") {
    const parsed = NewOfferSchema.safeParse(present(values));
    if (!parsed.success) return refused({ intent, target, values, errors: fieldErrors(parsed.error) }, 400);
    const result = await makeOffer({ ...parsed.data, lotId: target }, deps);
    return result.ok ? redirect(`${back}?done=offered`) : failed(result);
  }
  if (intent === "accept" || intent === "decline") {
    const result = await decideOffer({ offerId: target, decision: intent }, deps);
    return result.ok ? redirect(`${back}?done=${intent}ed`) : failed(result);
  }
  return refused({ intent, values, errors: {}, message: "Unknown action" }, 400);
}

export async function action({ request }: { request: Request }) {
  return hubAction(request, "Sellers hub", "/sellers-hub");
}

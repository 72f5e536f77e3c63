import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { RevokeSchema } from "#worker/contracts/certificates";
import { notIssuedMessage, readVerification, revokeCertificate } from "#worker/services/certificates/issue-certificate";
import { csrfFor, getSession } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm, refuse } from "../lib/page-form.server";
import type { Route } from "./+types/verify";

/**
 * Public verification of a certificate (no login): the status can change at any moment
 * (revocation, expiry), so nothing is cached. A signed-in regulator also gets the revoke form.
 */
const HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const [view, session] = await Promise.all([
    readVerification(params.certificateNumber, pageDeps()),
    getSession(request),
  ]);
  if (!view) {
    return data(
      { view: null, notFound: notIssuedMessage(params.certificateNumber), revoke: null, revokedNow: false },
      { status: 404, headers: HEADERS },
    );
  }
  const mayRevoke = !!session && can(session.role, "revokeCertificates") && view.status !== "revoked";
  return data(
    {
      view,
      notFound: null,
      revoke: mayRevoke && session ? { csrf: await csrfFor(session), by: session.name } : null,
      revokedNow: new URL(request.url).searchParams.get("revoked") === "1" && view.status === "revoked",
    },
    { headers: HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSession(request);
  const form = await request.formData();
  if (!session || !can(session.role, "revokeCertificates"))
    return refuse(request, form, {
      status: 403,
      message: "Only regulator staff can revoke a certificate: sign in first",
    });
  return handleForm(request, {
    session,
    form,
    schema: RevokeSchema,
    run: (input) => revokeCertificate(params.certificateNumber, input.reason, pageDeps(session)),
    done: ({ certificate }) => `/verify/${encodeURIComponent(certificate.certificateNumber)}?revoked=1`,
  });
}

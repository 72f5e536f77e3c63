import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { can } from "#worker/auth/permissions";
import { RevokeSchema } from "#worker/contracts/certificates";
import { notIssuedMessage, readVerification, revokeCertificate } from "#worker/services/certificates/issue-certificate";
import { VERIFY_TEXT } from "../content/certificates";
import { csrfFor, getSession, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { failureReply, formReply } from "../lib/form-reply.server";
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

type Reply = SubmissionResult<string[]>;

export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSession(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RevokeSchema });
  const answer = (result: Reply, status: number) => data({ result }, { status, headers: HEADERS });
  if (!session || !can(session.role, "revokeCertificates"))
    return answer(
      submission.reply({ formErrors: ["Only regulator staff can revoke a certificate: sign in first"] }),
      403,
    );
  if (!(await verifyCsrf(session, formData)))
    return answer(submission.reply({ formErrors: [VERIFY_TEXT.csrfFailed] }), 403);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  return formReply(
    await revokeCertificate(params.certificateNumber, submission.value.reason, pageDeps(session)),
    ({ certificate }) =>
      redirect(`/verify/${encodeURIComponent(certificate.certificateNumber)}?revoked=1`, { headers: HEADERS }),
    (failure) => ({ result: failureReply(submission, failure) }),
  );
}

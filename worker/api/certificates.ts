/**
 * Certificate documents over HTTP.
 *
 * Issuing is a POST, serving a GET: `POST <address>` issues the document when none exists
 * for the current data (or answers the one that does), `GET <address>` only serves an existing
 * one and answers 404 otherwise — with SameSite=Lax cookies a foreign page could make a
 * signed-in officer's browser send a GET, never a same-origin POST (worker/http/same-origin.ts).
 *
 * /api/test/<testPath>/{id} (docs/product.md §7): the six documents of the three test farmer profiles,
 * opened in a new tab from /certificate-testing-dashboard (whose "Generate Certificates" form
 * issues all six first). They need a signed-in inspector or
 * regulator (PERMISSIONS.testCertificates, the session cookie travels with the new tab), in demo
 * mode too: every document is a numbered certificate recorded with who issued it, and the
 * verification page confirms it as genuine (marked "test profile"), so anonymous visitors must
 * not be able to mint LACRA-headed papers; drawing a PDF also costs real CPU.
 *
 * /api/certificates/<type>/<farmer|batch|shipment>/<id>: the same for real subjects, with the
 * per-subject rules of worker/services/certificates/certificate-access.ts.
 * /api/certificates/verify/<number>: public JSON twin of /verify/<number>.
 * /api/certificates/<number>/revoke: regulator staff, with a reason.
 *
 * A PDF is served from R2 when the data behind it is unchanged: `ETag` names the certificate and
 * its data, so a conditional GET is answered 304 without reading R2. `X-Certificate-Source`
 * says whether the bytes were drawn now (generated), read back (stored) or redrawn after a lost
 * object (restored) — benchmarks and tests use it.
 */
import { type Context, Hono } from "hono";
import { RevokeSchema } from "../contracts/certificates";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateType,
  certificateFileName,
  isCertificateType,
} from "../domain/certificates/content";
import { maySeeCertificatesOf, unknownSubjectMessage } from "../services/certificates/certificate-access";
import {
  type CertificateRequest,
  currentCertificate,
  getOrIssueCertificate,
  notIssuedMessage,
  readVerification,
  revokeCertificate,
  type ServedCertificate,
} from "../services/certificates/issue-certificate";
import { type ApiEnv, publicDeps, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, privateFile, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body } from "./validate";

const PDF_CACHE = "private, max-age=0, must-revalidate";
const REAL_SUBJECTS = ["farmer", "batch", "shipment"] as const;
type RealSubject = (typeof REAL_SUBJECTS)[number];

/** Does an If-None-Match header name this (strong) ETag? */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** The PDF of a served certificate, or 304 when the client already has exactly it. */
async function pdfResponse(c: Context<ApiEnv>, served: ServedCertificate): Promise<Response> {
  const row = served.certificate;
  const etag = `"${row.dataHash}-${row.certificateNumber}"`;
  const common = { ETag: etag, "Cache-Control": PDF_CACHE, "X-Certificate-Number": row.certificateNumber };
  if (!served.created && etagMatches(c.req.header("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: common });
  }
  const pdf = await served.open();
  const fileName = certificateFileName(row.type as CertificateType, row.certificateNumber);
  return privateFile(pdf.body as BodyInit, "application/pdf", "inline", fileName, {
    ...common,
    "Content-Length": String(pdf.size),
    "X-Certificate-Source": pdf.source,
  });
}

/**
 * The PDF of `request`: POST issues it when there is none for the current data (or reads it
 * back); GET only serves one that exists (a GET must not mint numbered papers).
 */
async function certificatePdf(c: Context<ApiEnv>, request: CertificateRequest): Promise<Response> {
  const deps = { ...serviceDeps(c), verifyBaseUrl: new URL(c.req.url).origin };
  const result =
    c.req.method === "POST" ? await getOrIssueCertificate(request, deps) : await currentCertificate(request, deps);
  if (!result.ok) return reply(c, result);
  return pdfResponse(c, result.value);
}

const PDF_REPLY = { 200: "The certificate PDF (304 when the client's copy is current)" };
const SERVE = "Serves the certificate already issued for the current data (404 when none has been issued yet)";
const ISSUE = "Issues the certificate (or answers the one already issued for the current data)";

/** /api/test: the six documents of each test farmer profile (docs/product.md §7). */
export const certificateTestApi = new Hono<ApiEnv>();
for (const type of CERTIFICATE_TYPES) {
  const testDocument = async (c: Context<ApiEnv>) => {
    const raw = c.req.param("id") ?? "";
    if (!/^\d{1,9}$/.test(raw))
      return apiError(
        c,
        400,
        `The test farmer id must be a number (test profiles are 1, 2 and 3), not "${raw.slice(0, 40)}"`,
      );
    return certificatePdf(c, { type, subjectType: "test_farmer", subjectId: raw });
  };
  const title = `${CERTIFICATE_INFO[type].title} of a test farmer profile (1, 2 or 3)`;
  certificateTestApi
    .get(
      `/${CERTIFICATE_INFO[type].testPath}/:id`,
      requirePermission("testCertificates"),
      describe(`${title}. ${SERVE}`, PDF_REPLY),
      testDocument,
    )
    .post(
      `/${CERTIFICATE_INFO[type].testPath}/:id`,
      requirePermission("testCertificates"),
      describe(`${title}. ${ISSUE}`, PDF_REPLY),
      quota("statement"),
      testDocument,
    );
}

/** GET serves and POST issues the certificate of a real subject, after the per-subject check. */
async function realDocument(c: Context<ApiEnv>): Promise<Response> {
  const { type = "", subjectType = "", subjectId = "" } = c.req.param();
  if (!isCertificateType(type))
    return apiError(
      c,
      404,
      `Unknown certificate type "${type.slice(0, 40)}": use one of ${CERTIFICATE_TYPES.join(", ")}`,
    );
  if (!(REAL_SUBJECTS as readonly string[]).includes(subjectType)) {
    return apiError(
      c,
      404,
      `Unknown subject "${subjectType.slice(0, 40)}": certificates are issued for a farmer, batch or shipment (test profiles: /api/test/…)`,
    );
  }
  const kind = subjectType as RealSubject;
  if (!(await maySeeCertificatesOf(c.get("session"), kind, subjectId, serviceDeps(c))))
    return apiError(c, 404, unknownSubjectMessage(kind, subjectId));
  return certificatePdf(c, { type, subjectType: kind, subjectId });
}

/** /api/certificates: real subjects, public verification, revocation. */
export const certificatesApi = new Hono<ApiEnv>()
  .get("/verify/:number", describe("Public verification of a certificate number"), async (c) => {
    c.header("Cache-Control", "no-store");
    const view = await readVerification(c.req.param("number"), publicDeps(c));
    if (!view) return apiError(c, 404, notIssuedMessage(c.req.param("number")));
    return success(c, { certificate: view });
  })
  .post(
    "/:number/revoke",
    requirePermission("revokeCertificates"),
    describe("Revoke an issued certificate, with a reason shown publicly"),
    body(RevokeSchema),
    async (c) => {
      const result = await revokeCertificate(c.req.param("number"), c.req.valid("json").reason, serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const r = result.value.certificate;
      const { certificateNumber, status, revokedAt, revocationReason } = r;
      return success(c, { certificate: { certificateNumber, status, revokedAt, revocationReason } });
    },
  )
  .get(
    "/:type/:subjectType/:subjectId",
    requirePermission("readCertificates"),
    describe(`A certificate of a farmer, batch or shipment. ${SERVE}`, PDF_REPLY),
    realDocument,
  )
  .post(
    "/:type/:subjectType/:subjectId",
    requirePermission("readCertificates"),
    describe(`A certificate of a farmer, batch or shipment. ${ISSUE}`, PDF_REPLY),
    quota("statement"),
    realDocument,
  );

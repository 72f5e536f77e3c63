import { env } from "cloudflare:workers";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { FARMER_MESSAGES, FarmerFormSchema, MAX_PHOTO_BYTES } from "#worker/contracts/farmer";
import { cleanPhoto } from "#worker/domain/photo-metadata";
import { formWithin } from "#worker/http/body-limit";
import { registerFarmer } from "#worker/services/registry/register-farmer";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { OUTBOX_HEADER } from "../lib/outbox-light";
import { receiptHeaders, refusalHeaders, replyErrors } from "../lib/outbox-reply.server";
import { shellUser } from "../lib/work-page.server";

export const ONBOARD_TITLE = "Onboard a farmer";

/**
 * The form plus its photo may be at most this big: a photo over 2 MB still gets a clear field
 * error with everything typed kept; only a far larger body is refused before it is read.
 */
const MAX_BODY_BYTES = 4 * MAX_PHOTO_BYTES;

export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "registerFarmers", ONBOARD_TITLE);
  // A new key per form shown: a double submit or an offline retry of this form registers once.
  return data({ user: await shellUser(session), submissionId: crypto.randomUUID() }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request }: { request: Request }) {
  const session = await requireRole(request, "registerFarmers", ONBOARD_TITLE);
  const formData = await formWithin(request, MAX_BODY_BYTES);
  if (!formData) {
    return data(
      {
        kind: "error" as const,
        result: null,
        formError: `${FARMER_MESSAGES.photoSize}. Nothing was saved: fill in the form again with a smaller photo.`,
      },
      { status: 413, headers: refusalHeaders(FARMER_MESSAGES.photoSize, { photo: [FARMER_MESSAGES.photoSize] }) },
    );
  }
  const submission = parseWithZod(formData, { schema: FarmerFormSchema });
  if (!(await verifyCsrf(session, formData))) {
    return data(
      {
        kind: "error" as const,
        result: submission.reply({
          formErrors: [CSRF_FAILED],
        }),
        formError: null,
      },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  if (submission.status !== "success") {
    return data(
      { kind: "error" as const, result: submission.reply(), formError: null },
      { status: 400, headers: refusalHeaders(null, replyErrors(submission.reply())) },
    );
  }

  const { photo, ...fields } = submission.value;
  let upload: { body: ArrayBuffer; contentType: string } | undefined;
  if (photo) {
    // The browser's declared type is not trusted: the file's first bytes must say the same.
    const body = await photo.arrayBuffer();
    const clean = cleanPhoto(new Uint8Array(body)); // strict parse, metadata dropped
    if (!clean) {
      return data(
        {
          kind: "error" as const,
          result: submission.reply({ fieldErrors: { photo: [FARMER_MESSAGES.photoType] } }),
          formError: null,
        },
        { status: 400, headers: refusalHeaders(FARMER_MESSAGES.photoType, { photo: [FARMER_MESSAGES.photoType] }) },
      );
    }
    upload = { body: clean.bytes.slice().buffer, contentType: clean.contentType };
  }

  // A record the offline outbox sends: nobody reads the answer's temporary password, so no login is
  // made now (its password hash is most of a registration's cost); "Issue a login" on the farmer's page.
  const outbox = Boolean(request.headers.get(OUTBOX_HEADER));
  const result = await registerFarmer(
    { ...fields, photo: upload, login: !outbox },
    { ...pageDeps(session), photos: env.CERTS },
  );
  if (!result.ok) {
    const fieldErrors = result.errors as Record<string, string[]>;
    return data(
      { kind: "error" as const, result: submission.reply({ fieldErrors }), formError: null },
      { status: result.status, headers: refusalHeaders(result.message, fieldErrors) },
    );
  }
  const { created, farmer, temporaryPassword, photoError } = result.value;
  return data(
    {
      kind: "registered" as const,
      created,
      farmer: {
        farmerId: farmer.farmerId,
        firstName: farmer.firstName,
        lastName: farmer.lastName,
        county: farmer.county,
      },
      temporaryPassword,
      photoError: photoError ?? null,
    },
    { status: created ? 201 : 200, headers: receiptHeaders(farmer.farmerId) },
  );
}

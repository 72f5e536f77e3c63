import { env } from "cloudflare:workers";
import { data } from "react-router";
import { FARMER_MESSAGES, FarmerFormSchema, MAX_PHOTO_BYTES } from "#worker/contracts/farmer";
import { cleanPhoto } from "#worker/domain/photo-metadata";
import { formWithin } from "#worker/http/body-limit";
import { registerFarmer } from "#worker/services/registry/register-farmer";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldFailure, handleForm, receiptHeaders, refuse } from "../lib/page-form.server";
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
  const form = await formWithin(request, MAX_BODY_BYTES);
  if (!form)
    return refuse(
      request,
      new FormData(),
      {
        status: 413,
        message: `${FARMER_MESSAGES.photoSize}. Nothing was saved: fill in the form again with a smaller photo.`,
        errors: { photo: [FARMER_MESSAGES.photoSize] },
      },
      { refusal: "both", outbox: true },
    );
  return handleForm(request, {
    session,
    form,
    schema: FarmerFormSchema,
    run: async ({ photo, ...fields }, { outbox }) => {
      let upload: { body: ArrayBuffer; contentType: string } | undefined;
      if (photo) {
        // The browser's declared type is not trusted: the file's first bytes must say the same.
        const clean = cleanPhoto(new Uint8Array(await photo.arrayBuffer())); // strict parse, metadata dropped (I-7)
        if (!clean) return fieldFailure(FARMER_MESSAGES.photoType, { photo: [FARMER_MESSAGES.photoType] });
        upload = { body: clean.bytes.slice().buffer, contentType: clean.contentType };
      }
      // A record the offline outbox sends: nobody reads the answer's temporary password, so no login is
      // made now (its password hash is most of a registration's cost); "Issue a login" on the farmer's page.
      const result = await registerFarmer(
        { ...fields, photo: upload, login: !outbox },
        { ...pageDeps(session), photos: env.CERTS },
      );
      return result;
    },
    // The receipt: the Farmer ID, the same for a resend.
    outbox: { receipt: (v) => v.farmer.farmerId, repeated: (v) => !v.created },
    done: (v) =>
      data(
        {
          kind: "registered" as const,
          created: v.created,
          farmer: {
            farmerId: v.farmer.farmerId,
            firstName: v.farmer.firstName,
            lastName: v.farmer.lastName,
            county: v.farmer.county,
          },
          temporaryPassword: v.temporaryPassword,
          photoError: v.photoError ?? null,
        },
        { status: v.created ? 201 : 200, headers: receiptHeaders(v.farmer.farmerId) },
      ),
  });
}

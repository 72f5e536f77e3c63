/**
 * Stored photos carry no hidden data: a JPEG with EXIF GPS coordinates, an HTML
 * comment and HTML after EOI (a polyglot) is stored as the bare picture and served as an image
 * that a browser will not sniff as a page; what is not an image is not stored at all.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { FarmerSchema } from "#worker/contracts/farmer";
import { registerFarmer } from "#worker/services/registry/register-farmer";
import { ascii, exifWithGps, JPEG, segment, text, withSegments } from "../unit/photo-fixtures";
import { sessionAs } from "./factories";
import { call } from "./helpers";

const actor = { id: "demo-office-admin", role: "office_admin" };
const HTML = ascii("<html><body><script>alert(document.cookie)</script></body></html>");
let inspector: { cookie: string };

const register = (firstName: string, body: Uint8Array, contentType: string) =>
  registerFarmer(
    {
      ...FarmerSchema.parse({
        firstName,
        lastName: "Kollie",
        gender: "female",
        dateOfBirth: "1985-04-12",
        county: "Bong County",
        district: "Panta",
        community: "Gbarnga",
        crops: ["Cocoa"],
        submissionId: crypto.randomUUID(),
      }),
      photo: { body: body.slice().buffer, contentType },
    },
    { db: database(env.DB), actor, photos: env.CERTS, hash: async (s) => `test$${s}` },
  );

beforeAll(async () => {
  inspector = await sessionAs("land_inspector");
});

describe("farmer photos", () => {
  it("a JPEG/HTML polyglot with EXIF GPS is stored as the bare picture and served as an image", async () => {
    const polyglot = withSegments([...exifWithGps(), ...segment(0xfe, HTML)], HTML);
    expect(text(polyglot)).toContain("<script>");
    const result = await register("Polyglot", polyglot, "image/jpeg");
    if (!result.ok) throw new Error(result.message);
    expect(result.value.photoError).toBeUndefined();
    const farmerId = result.value.farmer.farmerId;

    const stored = (await env.CERTS.get(`farmers/${farmerId}/photo`))!;
    const bytes = new Uint8Array(await stored.arrayBuffer());
    expect(bytes).toEqual(Uint8Array.from(JPEG));
    expect(stored.httpMetadata?.contentType).toBe("image/jpeg");
    for (const hidden of ["Exif", "<script", "<html"]) expect(text(bytes)).not.toContain(hidden);

    const res = await call(`/api/farmers/${farmerId}/photo`, { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${farmerId}-photo"`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(Uint8Array.from(JPEG));
  });

  it("what does not parse as the image it claims to be is not stored", async () => {
    const fake = Uint8Array.from([0xff, 0xd8, 0xff, ...HTML]);
    const result = await register("Fake", fake, "image/jpeg");
    if (!result.ok) throw new Error(result.message);
    expect(result.value.photoError).toBe("The farmer was registered, but the photo could not be stored.");
    expect(result.value.farmer.hasPhoto).toBe(false);
    expect(await env.CERTS.head(`farmers/${result.value.farmer.farmerId}/photo`)).toBeNull();
  });
});

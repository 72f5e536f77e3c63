/**
 * A buyer whose licence is not issued sees its state on the dashboard before the purchase form,
 * not a refusal after filling it in; with a licence in force the notice is gone.
 */
import { describe, expect, it } from "vitest";
import { sessionAs } from "./factories";
import { bearer, call, count } from "./helpers";

const open = (token: string, path: string) => call(path, { headers: { Cookie: `__Host-eip_session=${token}` } });

describe("the buyer's licence before the purchase form", () => {
  it("without a licence: the dashboard says so and offers no purchase form; with one in force it does not", async () => {
    const buyer = (await sessionAs("buyer")).token;
    expect(await count("SELECT count(*) AS n FROM licences WHERE applicant_id = 'demo-buyer'")).toBe(0);
    const before = await open(buyer, "/agricultural-buyer-dashboard?farmer=FRM000001");
    const html = await before.text();
    expect(html).toContain('data-testid="licence-block"');
    expect(html).toContain("You hold no buyer licence: you cannot record a purchase until one is issued");
    expect(html).not.toContain('name="weightKg"');

    const admin = (await sessionAs("system_administrator")).token;
    expect((await bearer(admin, "/api/demo/seed", "POST")).status).toBe(200);
    const after = await (await open(buyer, "/agricultural-buyer-dashboard")).text();
    expect(after).not.toContain('data-testid="licence-block"');
  });
});

/**
 * The push events that start from a service: a plot that newly turns high risk
 * notifies its farmer's account (kind plot_high_risk), once — re-assessing a plot that is already
 * high does not notify again; a farmer without a login gets no notice. Delivery itself is tested
 * in push.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { assess, installSampleLayers, seedPlotsAndSignIn } from "./eudr-fixtures";
import { sessionAs } from "./factories";
import { rows } from "./helpers";

let farmerUser = "";

beforeAll(async () => {
  await seedPlotsAndSignIn();
  await installSampleLayers();
  farmerUser = (await sessionAs("farmer")).account.id;
  // The demo farmer's login now belongs to FRM000654 (the Sapo plot's farmer); FRM000321 has no login.
  await env.DB.prepare("UPDATE farmers SET user_id = NULL WHERE user_id = ?").bind(farmerUser).run();
  await env.DB.prepare("UPDATE farmers SET user_id = ? WHERE farmer_id = 'FRM000654'").bind(farmerUser).run();
});

describe("a plot of mine found high risk", () => {
  it("notifies the farmer's account once, in the same batch as the verdict; a farmer without a login gets none", async () => {
    const first = await assess({ plotIds: ["sapo", "cleared", "cocoa"] });
    expect(first.status).toBe(200);
    const notices = await rows<{ user_id: string; kind: string; title: string; link: string; subject_id: string }>(
      "SELECT user_id, kind, title, link, subject_id FROM notifications WHERE kind = 'plot_high_risk'",
    );
    // "cleared" is high too, but FRM000321 has no login: only the Sapo plot's farmer is told.
    expect(notices).toEqual([
      {
        user_id: farmerUser,
        kind: "plot_high_risk",
        title: "Plot PLT-SAPO is found high risk",
        link: "/farmer-dashboard",
        subject_id: "sapo",
      },
    ]);
    const again = await assess({ plotIds: ["sapo"] });
    expect(again.body.results[0]!.verdict).toBe("high");
    const after = await rows("SELECT id FROM notifications WHERE kind = 'plot_high_risk'");
    expect(after).toHaveLength(1);
  });
});

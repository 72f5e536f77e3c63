/**
 * The approval and recommendation forms of the executive dashboards, as plain POSTs
 * (JavaScript off) on the known set of executive-fixtures.ts: the DG approves what DDGOTS
 * recommended, DDGOTS recommends, the service's refusals show, and every other role (or a forged
 * CSRF token) is refused with nothing changed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { one } from "./batches-fixtures";
import { cookies, figure, flash, ids, licenceIds, page, permitIds, post, seedExecutive } from "./executive-fixtures";
import { call, postForm } from "./helpers";

beforeAll(seedExecutive, 300_000);

describe("approval and recommendation forms (no JavaScript)", () => {
  it("DG approves a recommended licence and a recommended permit with plain forms", async () => {
    const res = await post("dg", "/dg-dashboard", { intent: "approve-licence", id: licenceIds.recommended! });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/dg-dashboard?done=");
    expect(
      (await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licenceIds.recommended)).status,
    ).toBe("approved");
    const after = await page("dg", res.headers.get("location")!);
    expect(figure(after, "flash-done")).toBe("Licence application of Liberia Premium Exports Inc. is now approved.");
    const audit = await one<{ actor_id: string }>(
      "SELECT actor_id FROM audit_log WHERE action = 'licence.approve' AND entity_id = ?",
      licenceIds.recommended,
    );
    expect(audit.actor_id).toBe(ids.get("dg"));
    const permit = await post("dg", "/dg-dashboard", { intent: "approve-permit", id: permitIds.recommended! });
    expect(permit.status).toBe(302);
    const row = await one<{ status: string; number: string }>(
      "SELECT status, number FROM export_permits WHERE id = ?",
      permitIds.recommended,
    );
    expect(row.status).toBe("issued");
    expect(row.number).toMatch(/^LR-PMT-\d{4}-\d{6}$/);
  });

  it("approving a licence DDGOTS has not recommended is refused with the service's 409 message", async () => {
    const res = await post("dg", "/dg-dashboard", { intent: "approve-licence", id: licenceIds.reviewed! });
    expect(res.status).toBe(409);
    expect(await flash(res)).toBe("This licence is reviewed: it must be recommended by DDGOTS first");
    expect(
      (await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licenceIds.reviewed)).status,
    ).toBe("reviewed");
  });

  it("every other role is refused the DG's form (403) and nothing changes; a forged CSRF token changes nothing", async () => {
    for (const role of ROLES.filter((r) => r !== "dg")) {
      const res = await postForm("/dg-dashboard", cookies.get(role)!, {
        intent: "approve-licence",
        id: licenceIds.recommended2!,
        csrf: "x",
      });
      await res.arrayBuffer();
      expect(res.status, role).toBe(403);
    }
    const forged = await post("dg", "/dg-dashboard", { intent: "approve-licence", id: licenceIds.recommended2! }, true);
    expect(forged.status).toBe(403);
    expect(await flash(forged)).toBe("The form could not be verified. Please reload the page and try again.");
    expect(
      (await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licenceIds.recommended2)).status,
    ).toBe("recommended");
    // Signed out: to the DG's sign-in.
    const out = await call("/dg-dashboard", {
      method: "POST",
      body: new URLSearchParams({ intent: "approve-licence" }),
    });
    expect(out.status).toBe(302);
  });

  it("DDGOTS recommends with plain forms; the DG sees that dashboard without forms and cannot post to it", async () => {
    const dgView = await page("dg", "/ddgots-dashboard");
    expect(dgView).toContain('data-testid="read-only"');
    expect(dgView).not.toContain('name="intent"');
    const refused = await post("dg", "/ddgots-dashboard", { intent: "recommend-licence", id: licenceIds.reviewed! });
    expect(refused.status).toBe(403);
    expect(await flash(refused)).toBe("Read-only oversight view: you cannot act on this dashboard.");
    expect(
      (await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licenceIds.reviewed)).status,
    ).toBe("reviewed");

    const own = await page("ddgots", "/ddgots-dashboard");
    expect(own).toContain('name="intent" value="recommend-licence"');
    const res = await post("ddgots", "/ddgots-dashboard", { intent: "recommend-licence", id: licenceIds.reviewed! });
    expect(res.status).toBe(302);
    expect(
      (await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", licenceIds.reviewed)).status,
    ).toBe("recommended");
    const permit = await post("ddgots", "/ddgots-dashboard", { intent: "recommend-permit", id: permitIds.requested! });
    expect(permit.status).toBe(302);
    expect(
      (await one<{ status: string }>("SELECT status FROM export_permits WHERE id = ?", permitIds.requested)).status,
    ).toBe("recommended");
    // DDGOTS cannot use the DG's approval (its dashboard is the DG's alone).
    const approve = await post("ddgots", "/dg-dashboard", { intent: "approve-licence", id: licenceIds.reviewed! });
    expect(approve.status).toBe(403);
  });
});

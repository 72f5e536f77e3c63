/**
 * /my-licences: where the licence gate sends a buyer or an exporter. Each applies for its own
 * licence (a draft), submits it, and reads who acts next; a refused form keeps what was typed and
 * stores nothing; nobody else submits it; only buyers and exporters have the form.
 */
import { describe, expect, it } from "vitest";
import { LICENSING_MESSAGES } from "#worker/contracts/licensing";
import { sessionAs, userWithSession } from "./factories";
import { call, count, one, postForm } from "./helpers";
import { decodeHtml } from "./html";

const page = async (cookie: string, path = "/my-licences") => {
  const res = await call(path, { headers: { Cookie: cookie } });
  return { status: res.status, html: decodeHtml(await res.text()) };
};

describe("a buyer applies for a licence on /my-licences", () => {
  it("no licence: the gate links here; a refused form stores nothing; the draft is submitted; a second application is refused", async () => {
    const buyer = await userWithSession({ role: "buyer", companyName: "Kakata Produce Co." });
    const id = buyer.user.id;
    const licences = () => count("SELECT count(*) AS n FROM licences WHERE applicant_id = ?", id);

    // The dashboard's licence notice links to the page; the page offers the form, the business name filled in.
    const dashboard = await page(buyer.cookie, "/agricultural-buyer-dashboard");
    expect(dashboard.html).toContain('data-testid="licence-block"');
    expect(dashboard.html).toContain('href="/my-licences"');
    let got = await page(buyer.cookie);
    expect(got.status).toBe(200);
    expect(got.html).toContain("No licence or application yet.");
    expect(got.html).toContain("Apply for your buyer licence");
    expect(got.html).toContain('value="Kakata Produce Co."');

    // A business name too short: the message by its field, the note kept, nothing stored.
    let res = await postForm("/my-licences", buyer.cookie, [
      ["csrf", buyer.csrf],
      ["intent", "apply"],
      ["companyName", "K"],
      ["note", "Buying cocoa in Margibi"],
    ]);
    expect(res.status).toBe(400);
    const html = decodeHtml(await res.text());
    expect(html).toContain(LICENSING_MESSAGES.company);
    expect(html).toContain("Buying cocoa in Margibi");
    expect(await licences()).toBe(0);

    // A forged form is refused too.
    res = await postForm("/my-licences", buyer.cookie, [
      ["csrf", "forged"],
      ["intent", "apply"],
      ["companyName", "Kakata Produce Co."],
    ]);
    expect(res.status).toBe(403);
    expect(await licences()).toBe(0);

    // The application, for cocoa only: a draft, with its audit row.
    res = await postForm("/my-licences", buyer.cookie, [
      ["csrf", buyer.csrf],
      ["intent", "apply"],
      ["companyName", "Kakata Produce Co."],
      ["commodities", "Cocoa"],
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/my-licences?done=applied#licences");
    const draft = await one<{ id: string; status: string; type: string; commodities: string }>(
      "SELECT id, status, type, commodities FROM licences WHERE applicant_id = ?",
      id,
    );
    expect(draft).toMatchObject({ status: "draft", type: "buyer", commodities: '["Cocoa"]' });
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE entity_id = ?", draft.id)).toBeGreaterThan(0);
    got = await page(buyer.cookie, "/my-licences?done=applied");
    expect(got.html).toContain("Your application is saved as a draft");
    expect(got.html).toContain("Draft application");
    expect(got.html).toContain("Submit the application");
    expect(got.html).not.toContain("Apply for your buyer licence");

    // Another buyer cannot submit it: as if it did not exist.
    const other = await userWithSession({ role: "buyer" });
    res = await postForm("/my-licences", other.cookie, [
      ["csrf", other.csrf],
      ["intent", "submit"],
      ["licenceId", draft.id],
    ]);
    expect(res.status).toBe(404);
    expect(decodeHtml(await res.text())).toContain("No licence with this id");
    expect((await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", draft.id)).status).toBe("draft");

    // The applicant submits it; the page says who acts next.
    res = await postForm("/my-licences", buyer.cookie, [
      ["csrf", buyer.csrf],
      ["intent", "submit"],
      ["licenceId", draft.id],
    ]);
    expect(res.status).toBe(302);
    expect((await one<{ status: string }>("SELECT status FROM licences WHERE id = ?", draft.id)).status).toBe(
      "submitted",
    );
    got = await page(buyer.cookie);
    expect(got.html).toContain("Sent. The regulator's office reviews it next.");

    // One application at a time.
    res = await postForm("/my-licences", buyer.cookie, [
      ["csrf", buyer.csrf],
      ["intent", "apply"],
      ["companyName", "Kakata Produce Co."],
    ]);
    expect(res.status).toBe(409);
    expect(await licences()).toBe(1);
  });
});

describe("who has the page", () => {
  it("an exporter applies for an exporter licence; a farmer is refused; the office reads why it has no form", async () => {
    const exporter = await userWithSession({ role: "exporter", companyName: "Harper Beans Ltd" });
    const got = await page(exporter.cookie);
    expect(got.html).toContain("Apply for your exporter licence");
    const farmer = await sessionAs("farmer");
    expect((await page(farmer.cookie)).status).toBe(403);
    const office = await sessionAs("office_admin");
    const seen = await page(office.cookie);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain("the office opens applications for them on the management pages");
    expect(seen.html).not.toContain('name="companyName"');
  });
});

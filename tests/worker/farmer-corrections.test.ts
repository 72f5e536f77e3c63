/**
 * Corrections of a farmer's details (ADR 031): the registrar within 48 hours, DDGOTS or
 * an office administrator after; a new version beside the old one, with the reason, the audit row
 * and the farmer page's history; a too-short reason, a wrong role and someone else's farmer refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { who } from "./batches-fixtures";
import { correctAfterShortReason } from "./corrections-fixtures";
import { type Account, correct, farmerRow, setUpCorrections } from "./farmer-corrections-fixtures";
import { bearer, call, count, one, postForm, rows } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

let inspector: Account;
let office: Account;

/** The farmer page's correction form for FRM100002, sent by `cookie` with the page's `csrf`, then `fields`. */
const correctFarmer = (cookie: string, csrf: string, fields: [string, string][]) =>
  postForm("/farmers/FRM100002", cookie, [["csrf", csrf], ["intent", "correct_farmer"], ...fields]);

beforeAll(async () => {
  ({ inspector, office } = await setUpCorrections());
}, 60_000);

describe("correcting a farmer's details", () => {
  it("refuses a reason shorter than 10 characters, a role that may not correct, and someone else's farmer", async () => {
    const short = await correct(inspector.token, "FRM100002", { phone: "0886 123 456", reason: "typo" });
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    const buyer = await correct(who.buyer.token, "FRM100002", {
      phone: "0886 123 456",
      reason: "The number was written down wrong",
    });
    expect(buyer.status).toBe(403);
    const other = await correct(inspector.token, "FRM100003", {
      phone: "0886 123 456",
      reason: "The number was written down wrong",
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You can only correct records you recorded yourself");
    const late = await correct(inspector.token, "FRM000001", {
      phone: "0886 123 456",
      reason: "The number was written down wrong",
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/more than 48 hours ago: ask a supervisor/);
    expect(await count("SELECT count(*) AS n FROM record_versions WHERE record_type = 'farmer'")).toBe(0);
  });

  it("keeps both versions, with who, when and why; the live row and the audit row follow", async () => {
    const before = await farmerRow("FRM100002");
    const res = await correct(inspector.token, "FRM100002", {
      lastName: "Kollie-Sirleaf",
      phone: "0886 123 456",
      reason: "Surname misspelt at registration",
      baseVersion: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, farmerId: "FRM100002", version: 2 });
    const after = await farmerRow("FRM100002");
    expect(after).toMatchObject({ last_name: "Kollie-Sirleaf", phone: "+231 88 612 3456" });
    expect(after.last_name_key).toMatch(/^kollie-sirleaf /);
    const versions = await rows<{
      version: number;
      kind: string;
      data: string;
      reason: string | null;
      actor_id: string;
    }>(
      "SELECT version, kind, data, reason, actor_id FROM record_versions WHERE record_type = 'farmer' AND record_id = ? ORDER BY version",
      before.id,
    );
    expect(versions.map((v) => [v.version, v.kind, v.reason])).toEqual([
      [1, "original", null],
      [2, "correction", "Surname misspelt at registration"],
    ]);
    expect(JSON.parse(versions[0]!.data)).toMatchObject({ lastName: before.last_name, phone: before.phone });
    expect(JSON.parse(versions[1]!.data)).toMatchObject({ lastName: "Kollie-Sirleaf", phone: "+231 88 612 3456" });
    expect(versions[1]!.actor_id).toBe(inspector.account.id);
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'farmer.correct' AND entity_id = 'FRM100002'",
    );
    expect(JSON.parse(audit.before)).toMatchObject({ lastName: before.last_name, version: 1 });
    expect(JSON.parse(audit.after)).toMatchObject({ lastName: "Kollie-Sirleaf", version: 2 });
    // A correction based on what was there before the last one is refused.
    const stale = await correct(office.token, "FRM100002", {
      phone: "0777 123 456",
      reason: "Another number the farmer gave us",
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    const listed = await bearer(inspector.token, "/api/records/farmers/FRM100002/versions");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { versions: { version: number }[] }).versions.map((v) => v.version)).toEqual([
      1, 2,
    ]);
  });

  it("lets a supervisor correct after 48 hours", async () => {
    const res = await correct(office.token, "FRM000001", {
      phone: "0777 555 123",
      reason: "The farmer changed phone provider",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await farmerRow("FRM000001")).phone).toBe("+231 77 755 5123");
  });

  it("the farmer page shows the history and a plain correction form that keeps what was typed on error", async () => {
    const page = await pageText("/farmers/FRM100002", inspector.cookie);
    const list = page.slice(page.indexOf('data-testid="farmer-versions"'));
    expect(list).toContain("1 · As registered");
    expect(list).toContain("2 · Correction");
    expect(list).toContain("Last name: Kollie-Sirleaf");
    expect(list).toContain("Reason: Surname misspelt at registration");
    expect(page).toContain('name="intent" value="correct_farmer"');
    // The buyer reads no form (no permission); the page itself needs readRegistry, which a buyer lacks.
    const csrf = csrfOf(page);
    const post = (fields: [string, string][]) =>
      correctFarmer(inspector.cookie, csrf, [["baseVersion", "2"], ...fields]);
    const done = await correctAfterShortReason(
      post,
      ["community", "Gbarnga Town"],
      "Community was left blank at registration",
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/farmers/FRM100002?corrected=3");
    const html = await pageText("/farmers/FRM100002?corrected=3", inspector.cookie);
    expect(html).toContain("Correction recorded.");
    expect(html).toContain("3 · Correction");
    expect(html).toContain("Details corrected (with a reason)");
    // A warehouse inspector reads the page (readRegistry) without the form, and a post is refused with 403.
    const theirs = await call("/farmers/FRM100002", { headers: { Cookie: who.warehouse.cookie } });
    const theirPage = decode(await theirs.text());
    expect(theirs.status).toBe(200);
    expect(theirPage).not.toContain('name="intent" value="correct_farmer"');
    const theirCsrf = /name="csrf" value="([^"]+)"/.exec(theirPage)?.[1] ?? "";
    const refused = await correctFarmer(who.warehouse.cookie, theirCsrf, [
      ["community", "Elsewhere Town"],
      ["reason", "Trying without the permission"],
    ]);
    expect(refused.status).toBe(403);
    expect((await farmerRow("FRM100002")).id).toBe("f-2");
    expect(
      await count("SELECT count(*) AS n FROM record_versions WHERE record_type = 'farmer' AND record_id = 'f-2'"),
    ).toBe(3);
  });
});

describe("leaving an optional farmer detail blank through a correction", () => {
  const row = (farmerId: string) =>
    one<{ phone: string | null; national_id: string | null; district: string | null; first_name: string }>(
      "SELECT phone, national_id, district, first_name FROM farmers WHERE farmer_id = ?",
      farmerId,
    );

  it("refuses blanking a required detail with a clear message, an unknown detail, and a short reason", async () => {
    const first = await correct(inspector.token, "FRM100002", {
      clear: ["firstName"],
      reason: "The first name is not known",
    });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe("First name is required: it can be corrected, but not left blank");
    expect((first.body.errors as Record<string, string[]>).firstName).toEqual([
      "First name is required: it can be corrected, but not left blank",
    ]);
    const community = await correct(office.token, "FRM100002", {
      clear: ["community"],
      reason: "The community is not known",
    });
    expect((community.body.errors as Record<string, string[]>).community).toEqual([
      "Community is required: it can be corrected, but not left blank",
    ]);
    const county = await correct(office.token, "FRM100002", { clear: ["county"], reason: "The county is not known" });
    expect(county.status).toBe(400);
    expect((county.body.errors as Record<string, string[]>).clear).toEqual([
      '"county" is not a farmer detail that can be left blank (phone, district, nationalId)',
    ]);
    const short = await correct(inspector.token, "FRM100002", { clear: ["phone"], reason: "wrong" });
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    expect((await row("FRM100002")).phone).toBe("+231 88 612 3456");
  });

  it("a correction leaves the phone and national ID blank: a new version, the audit row, the live row", async () => {
    const res = await correct(inspector.token, "FRM100002", {
      clear: ["phone", "nationalId"],
      reason: "Both belong to the farmer's brother, not to her",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 4 });
    expect(await row("FRM100002")).toMatchObject({ phone: null, national_id: null, first_name: "Yassah" });
    const version = await one<{ data: string; reason: string; corrects_id: string }>(
      "SELECT data, reason, corrects_id FROM record_versions WHERE record_type = 'farmer' AND record_id = 'f-2' AND version = 4",
    );
    expect(JSON.parse(version.data)).toMatchObject({ phone: null, nationalId: null, lastName: "Kollie-Sirleaf" });
    expect(version.reason).toBe("Both belong to the farmer's brother, not to her");
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'farmer.correct' AND entity_id = 'FRM100002' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit.before)).toMatchObject({ phone: "+231 88 612 3456", nationalId: "LR-NID-5550102" });
    expect(JSON.parse(audit.after)).toMatchObject({ phone: null, nationalId: null, version: 4 });
    // Clearing what is already blank changes nothing.
    const again = await correct(inspector.token, "FRM100002", {
      clear: ["phone"],
      reason: "Both belong to the farmer's brother, not to her",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Nothing to correct: change at least one value");
  });

  it("the page shows (blank) in the history and clears a detail with a plain form", async () => {
    expect(
      (await correct(inspector.token, "FRM100002", { district: "Sanniquellie", reason: "District left out before" }))
        .status,
    ).toBe(200);
    const page = await pageText("/farmers/FRM100002", inspector.cookie);
    const list = page.slice(page.indexOf('data-testid="farmer-versions"'));
    expect(list).toMatch(/4 · Correction[\s\S]*Phone: \(blank\)/);
    expect(list).toContain("National ID: (blank)");
    expect(list).toContain("Reason: Both belong to the farmer's brother, not to her");
    expect(page).toContain('name="clear" value="district"');
    const csrf = csrfOf(page);
    const done = await correctFarmer(inspector.cookie, csrf, [
      ["baseVersion", "5"],
      ["district", "Sanniquellie"],
      ["community", "Gbarnga Town"],
      ["clear", "district"],
      ["reason", "The district was a guess, not what she said"],
    ]);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/farmers/FRM100002?corrected=6");
    expect((await row("FRM100002")).district).toBeNull();
    const after = await pageText("/farmers/FRM100002", inspector.cookie);
    expect(after.slice(after.indexOf('data-testid="farmer-versions"'))).toMatch(
      /6 · Correction[\s\S]*District: \(blank\)/,
    );
    // A required detail left blank in the form is refused by the field, and what was typed stays.
    const csrf2 = csrfOf(after);
    const refused = await correctFarmer(inspector.cookie, csrf2, [
      ["clear", "community"],
      ["reason", "Community is not really known"],
    ]);
    expect(refused.status).toBe(400);
    expect(decode(await refused.text())).toContain("Community is required: it can be corrected, but not left blank");
  });

  it("after 48 hours only a supervisor leaves a detail blank", async () => {
    const late = await correct(inspector.token, "FRM000001", { clear: ["phone"], reason: "Not the farmer's number" });
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/more than 48 hours ago: ask a supervisor/);
    const supervisor = await correct(office.token, "FRM000001", {
      clear: ["phone"],
      reason: "Not the farmer's number",
    });
    expect(supervisor.status).toBe(200);
    expect((await row("FRM000001")).phone).toBeNull();
  });
});

// ADR 027: corrections made offline reach the server through the outbox.

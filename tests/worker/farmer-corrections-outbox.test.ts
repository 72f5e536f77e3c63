/**
 * Farmer corrections sent from the offline outbox (ADR 027): a resend under the same
 * submissionId stores nothing new, and an edit based on an older version gets 409 with the
 * server's version, on the API and on the farmer page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Account, correct, latest, setUpCorrections, versionCount } from "./farmer-corrections-fixtures";
import { count, postForm } from "./helpers";
import { csrfOf, pageText } from "./html";

let inspector: Account;
let office: Account;

beforeAll(async () => {
  ({ inspector, office } = await setUpCorrections());
}, 60_000);

describe("farmer corrections from the offline outbox", () => {
  it("a resend under the same submissionId stores nothing new; a stale baseVersion answers 409 with the server's version", async () => {
    const submissionId = crypto.randomUUID();
    const body = { district: "Sanniquellie-Mahn", reason: "District missing at registration", submissionId };
    const { baseVersion } = await latest("FRM000001");
    const first = await correct(office.token, "FRM000001", { ...body, baseVersion });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ version: baseVersion + 1, created: true });
    const versions = await versionCount("FRM000001");
    const audits = await count("SELECT count(*) AS n FROM audit_log WHERE action = 'farmer.correct'");
    // The same submission again (a cut connection, the outbox retrying), even with its old baseVersion.
    const again = await correct(office.token, "FRM000001", { ...body, baseVersion });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ version: baseVersion + 1, created: false });
    expect(await versionCount("FRM000001")).toBe(versions);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'farmer.correct'")).toBe(audits);
    // Someone else's submissionId is never taken as theirs.
    const foreign = await correct(inspector.token, "FRM100002", { ...body, baseVersion: 3 });
    expect(foreign.status).toBe(409);

    // A new correction based on the version before: refused, with what the server holds now.
    const stale = await correct(office.token, "FRM000001", {
      community: "Bahn Town",
      reason: "Community spelt wrong at registration",
      baseVersion,
      submissionId: crypto.randomUUID(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      "Someone corrected this record a moment ago: reload it and check before trying again",
    );
    expect(stale.body.errors).toEqual([
      expect.objectContaining({
        rule: "stale_version",
        currentVersion: baseVersion + 1,
        current: expect.objectContaining({ district: "Sanniquellie-Mahn" }),
      }),
    ]);
    expect(await versionCount("FRM000001")).toBe(versions);
  });

  it("the farmer page answers the outbox: a receipt, the same for a resend; a stale edit carries both versions", async () => {
    const page = await pageText("/farmers/FRM100002", office.cookie);
    const csrf = csrfOf(page);
    expect(page).toMatch(/name="submissionId" value="[0-9a-f-]{36}"/);
    const { baseVersion } = await latest("FRM100002");
    const send = (fields: [string, string][]) =>
      postForm("/farmers/FRM100002", office.cookie, [["csrf", csrf], ["intent", "correct_farmer"], ...fields], {
        "X-Outbox": "1",
      });
    const submissionId = crypto.randomUUID();
    const mine: [string, string][] = [
      ["baseVersion", String(baseVersion)],
      ["submissionId", submissionId],
      ["firstName", "Comfort"],
      ["reason", "First name spelt wrong on the form"],
    ];
    const first = await send(mine);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Outbox-Receipt")).toBe(`FRM100002 v${baseVersion + 1}`);
    const again = await send(mine);
    expect(again.headers.get("X-Outbox-Receipt")).toBe(`FRM100002 v${baseVersion + 1}`);
    expect(await versionCount("FRM100002")).toBe(baseVersion + 1);

    const stale = await send([
      ["baseVersion", String(baseVersion)],
      ["submissionId", crypto.randomUUID()],
      ["firstName", "Comfortina"],
      ["gender", "female"],
      ["reason", "Name from the national ID card"],
    ]);
    expect(stale.status).toBe(409);
    const detail = JSON.parse(decodeURIComponent(stale.headers.get("X-Outbox-Error")!));
    expect(detail.conflict.server).toMatchObject({ version: String(baseVersion + 1), firstName: "Comfort" });
    expect(detail.conflict.mine).toMatchObject({
      version: String(baseVersion),
      firstName: "Comfortina",
      gender: "Female",
      reason: "Name from the national ID card",
    });
    expect(detail.conflict.labels.firstName).toBe("First name");
    expect(await versionCount("FRM100002")).toBe(baseVersion + 1);
  });
});

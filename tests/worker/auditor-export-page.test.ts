/**
 * The auditor reaches the auditor's export from the monitoring dashboard: a page with a plain GET
 * form that answers the ZIP of a batch's record; donors are refused, an unknown code is said so.
 */
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { LOGIN_API } from "../login-api";
import { sessionAs } from "./factories";
import { bearer, call } from "./helpers";

let auditor: string;
let donor: string;
let batchCode: string;
const open = (token: string, path: string) => call(path, { headers: { Cookie: `__Host-eip_session=${token}` } });

beforeAll(async () => {
  const admin = (await sessionAs("system_administrator")).token;
  const seeded = await bearer(admin, "/api/demo/seed", "POST");
  const summary = (await seeded.json()) as { demo: { batches: { batchCode: string; status: string }[] } };
  batchCode = summary.demo.batches.find((b) => b.status === "exported")!.batchCode;
  donor = (await sessionAs("monitoring_observer")).token;
  const account = DEMO_ACCOUNTS.find((a) => a.loginId === "auditor.observer")!;
  const [path, body] = LOGIN_API.monitoring_observer(account);
  const res = await call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.72.0.5" },
    body: JSON.stringify(body),
  });
  auditor = ((await res.json()) as { token: string }).token;
}, 120_000);

describe("the auditor's export page", () => {
  it("is linked from the auditor's monitoring dashboard, not the donor's", async () => {
    expect(await (await open(auditor, "/monitoring-dashboard")).text()).toContain('href="/auditor-export"');
    expect(await (await open(donor, "/monitoring-dashboard")).text()).not.toContain('href="/auditor-export"');
  });

  it("answers the batch's ZIP to the auditor from the form", async () => {
    const page = await open(auditor, "/auditor-export");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="code"');
    expect(html).toContain('action="/auditor-export/zip"');
    expect(html).toContain("Download the auditor&#x27;s export (ZIP)");
    const res = await open(auditor, `/auditor-export/zip?kind=batch&code=${batchCode}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(zip["README.txt"]!)).toContain(`Auditor's export of batch ${batchCode}`);
  });

  it("sends an unknown code or an empty one back to the form, which says so", async () => {
    const unknown = await open(auditor, "/auditor-export/zip?kind=batch&code=LR-COC-2099-999999");
    expect(unknown.status).toBe(302);
    const back = unknown.headers.get("location")!;
    expect(back).toBe("/auditor-export?kind=batch&code=LR-COC-2099-999999&problem=unknown");
    const page = await open(auditor, back);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("No batch or shipment with this code");
    expect(html).toContain('value="LR-COC-2099-999999"');
    const empty = await open(auditor, "/auditor-export/zip?kind=batch&code=");
    expect(empty.headers.get("location")).toBe("/auditor-export?kind=batch&code=&problem=empty");
    // A problem that is not one of the page's own codes shows nothing.
    const forged = await (await open(auditor, "/auditor-export?problem=CALL+%2B231+NOW")).text();
    expect(forged).not.toContain("CALL +231 NOW");
  });

  it("refuses a donor observer", async () => {
    for (const path of ["/auditor-export", `/auditor-export/zip?kind=batch&code=${batchCode}`]) {
      const res = await open(donor, path);
      expect(res.status).toBe(403);
      await res.arrayBuffer();
    }
  });
});

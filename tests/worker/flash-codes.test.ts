/**
 * Notices carried over a form's redirect are codes, never text (app/lib/flash.server.ts): a link
 * with its own words in `?error=`, `?done=` or any other notice parameter shows nothing on any
 * staff page, so nobody can print an "official" alert ("SECURITY NOTICE: call …") on them. The
 * real flows still show their notices (executive-forms.test.ts, and the pages' own tests).
 */
import { describe, expect, it } from "vitest";
import { everyRoleSignedIn } from "./role-matrix-fixtures";

const { page } = everyRoleSignedIn();

const PHISH = "SECURITY NOTICE call 0886 555 123";
/** Every parameter a page reads back for a notice. */
const PARAMS = [
  "error",
  "done",
  "notice",
  "message",
  "saved",
  "registered",
  "licence",
  "licenceError",
  "received",
  "inspected",
  "requested",
  "cancelled",
  "paid",
  "stock",
  "recorded",
  "requestScheduled",
  "requestDone",
  "requestError",
  "sample",
  "issued",
  "created",
  "id",
  "ref",
];
const query = `?${PARAMS.map((p) => `${p}=${encodeURIComponent(PHISH)}`).join("&")}`;

const PAGES: [role: string, path: string][] = [
  ["dg", "/dg-dashboard"],
  ["ddgots", "/ddgots-dashboard"],
  ["office_admin", "/office-administration-portal"],
  ["office_admin", "/regulatory-portal-classic"],
  ["warehouse_inspector", "/warehouse-inspector-dashboard"],
  ["port_inspector", "/port-inspector-dashboard"],
  ["exporter", "/exporter/orders"],
  ["exporter", "/exporter/shipments"],
  ["exporter", "/exporter/inspections"],
  ["exporter", "/exporter-payment-services"],
  ["buyer", "/agricultural-buyer-dashboard"],
  ["office_admin", "/eudr-assessment"],
  ["system_administrator", "/agritrace-admin-portal/crop-yields"],
  ["system_administrator", "/agritrace-admin-portal/users/demo-buyer"],
  ["office_admin", "/buyer-management"],
  ["dg", "/world-market-pricing/manage"],
  ["buyer", "/sellers-hub"],
  ["buyer", "/profile"],
  ["buyer", "/profile/sessions"],
  ["buyer", "/profile/notifications"],
  ["buyer", "/profile/push"],
];

describe("a link's own words are never shown as a notice", () => {
  it.each(PAGES)("%s %s", async (role, path) => {
    const res = await page(role, `${path}${query}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain(PHISH);
  });
});

import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

// Page and sign-in helpers shared by the e2e journeys.

/** With JavaScript, waits for hydration (the startup loader is removed then): clicks before it would bypass the enhanced forms. */
export async function open(page: Page, path: string, javaScriptEnabled = true) {
  await page.goto(path);
  if (javaScriptEnabled) await page.waitForFunction(() => document.getElementById("startup-loader") === null);
}

export type Account = { path: string; form: string; fields: [label: string, value: string][]; submit: string };

/** The demo accounts (worker/services/demo/demo-accounts.ts) and the login form each one uses (app/content/logins.ts). */
export const ACCOUNTS = {
  landInspector: {
    path: "/land-inspector-login",
    form: "land-inspector",
    fields: [
      ["Username", "land.inspector"],
      ["Password", "Inspect#2026"],
    ],
    submit: "Login as Land Inspector",
  },
  officeAdmin: {
    path: "/regulatory-classic-login",
    form: "office",
    fields: [
      ["Username", "office.admin"],
      ["Password", "Office#2026"],
    ],
    submit: "Sign In",
  },
  buyer: {
    path: "/farmer-login",
    form: "buyer",
    fields: [
      ["Buyer ID", "BUY-0001"],
      ["Password", "Buyer#2026"],
    ],
    submit: "Login as Buyer",
  },
  warehouseInspector: {
    path: "/warehouse-inspector-login",
    form: "warehouse-inspector",
    fields: [
      ["Username", "warehouse.inspector"],
      ["Password", "Inspect#2026"],
    ],
    submit: "Login as Warehouse Inspector",
  },
  portInspector: {
    path: "/port-inspector-login",
    form: "port-inspector",
    fields: [
      ["Username", "port.inspector"],
      ["Password", "Inspect#2026"],
    ],
    submit: "Login as Port Inspector",
  },
  dg: {
    path: "/dg-login",
    form: "dg",
    fields: [
      ["Username", "dg.lacra"],
      ["Password", "Director#2026"],
    ],
    submit: "Sign In",
  },
  exporter: {
    path: "/exporter-login",
    form: "exporter",
    fields: [
      ["Exporter ID", "EXP-20260115-001"],
      ["Password", "Export#2026"],
    ],
    submit: "Login",
  },
} satisfies Record<string, Account>;

/** Signs in on the account's own login page and waits until it has left it (its dashboard). */
export async function signIn(page: Page, account: Account, javaScriptEnabled = true) {
  await open(page, account.path, javaScriptEnabled);
  const form = page.locator(`[data-form="${account.form}"]`);
  for (const [label, value] of account.fields) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: account.submit, exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`${account.path}(\\?|$)`));
}

/** A fresh browser context (own cookies and storage: another person's phone), signed in as `account`. */
export async function phoneOf(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

// API set-up shared by the export journeys (export-order.spec.ts, licensing.spec.ts).

/** The Authorization header of an /api call as `token`. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POST to /api as `token`; the answer must be a success (its body is in the failure message). */
export async function apiPost(api: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await api.post(path, { headers: bearer(token), data });
  const body = await res.json();
  expect(res.status(), `${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as Record<string, unknown>;
}

export type DemoPlot = { plotCode: string; farmerId: string; crop: string; riskLevel: string | null };

/** The demo plots (first 100) as `token` sees them: the cocoa ones assessed low risk (not FRM000001's) and high risk. */
export async function cocoaPlots(api: APIRequestContext, token: string) {
  const { plots } = (await (await api.get("/api/plots?pageSize=100", { headers: bearer(token) })).json()) as {
    plots: DemoPlot[];
  };
  return {
    low: plots.filter((p) => p.crop === "Cocoa" && p.riskLevel === "low" && p.farmerId !== "FRM000001"),
    high: plots.find((p) => p.crop === "Cocoa" && p.riskLevel === "high"),
  };
}

/**
 * A cocoa batch bought from `plot` by the buyer, received and inspected at the warehouse; with
 * `port`, also inspected at the port and marked EUDR-compliant there. Answers the batch code.
 */
export async function stockBatch(
  api: APIRequestContext,
  t: { buyer: string; warehouse: string; port: string },
  plot: { farmerId: string; plotCode: string },
  kg: number,
  port: boolean,
) {
  const bought = await apiPost(api, t.buyer, "/api/batches", {
    farmerIds: [plot.farmerId],
    plotCodes: [plot.plotCode],
    commodity: "Cocoa",
    weightKg: kg,
    grade: "A",
    harvestDate: new Date().toISOString().slice(0, 10),
    latitude: 7.1,
    longitude: -9.47,
    location: "Gbarnga market",
    pricePerKg: "2.40",
    currency: "USD",
    paymentMethod: "cash",
  });
  const code = (bought.batch as { batchCode: string }).batchCode;
  const step = (toStatus: string, over: Record<string, unknown> = {}) => ({
    toStatus,
    weightOutKg: kg,
    location: "Gbarnga warehouse",
    ...over,
  });
  await apiPost(api, t.warehouse, `/api/batches/${code}/transfer`, step("warehouse_received"));
  await apiPost(api, t.warehouse, `/api/batches/${code}/transfer`, step("warehouse_inspected", { grade: "A" }));
  if (port) {
    await apiPost(
      api,
      t.port,
      `/api/batches/${code}/transfer`,
      step("port_inspected", { location: "Freeport of Monrovia" }),
    );
    await apiPost(api, t.port, `/api/batches/${code}/compliance`, { decision: "mark_compliant" });
  }
  return code;
}

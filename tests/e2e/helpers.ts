import { type Browser, expect, type Page } from "@playwright/test";

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

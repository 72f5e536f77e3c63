import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";

// Page and sign-in helpers shared by the e2e journeys.

/** With JavaScript, waits for hydration (the startup loader is removed then): clicks before it would bypass the enhanced forms. */
export async function open(page: Page, path: string, javaScriptEnabled = true) {
  await page.goto(path);
  if (javaScriptEnabled) await page.waitForFunction(() => document.getElementById("startup-loader") === null);
}

export type Account = { path: string; form: string; fields: [label: string, value: string][]; submit: string };

/** The demo accounts (worker/services/demo/demo-accounts.ts) and the login form each one uses (app/content/logins.ts). */
export const ACCOUNTS = {
  fieldAgent: {
    path: "/field-agent-login",
    form: "field-agent",
    fields: [
      ["Agent ID", "AGT-0001"],
      ["Password", "Agent#2026"],
    ],
    submit: "Login as Field Agent",
  },
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
  farmer: {
    path: "/farmer-login-portal",
    form: "farmer-portal",
    fields: [
      ["Farmer ID or phone number", "FRM000001"],
      ["Password", "Farmer#2026"],
    ],
    submit: "Sign In",
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

// Page checks shared by the journeys.

/** Letters only (names may not hold digits), least significant first so prefixes differ per run. */
export function letters(n: number, length = 5) {
  let out = "";
  for (let i = 0; i < length; i++) {
    out += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return out;
}

/** No horizontal scroll on a 360 px phone. */
export async function fits360(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${page.url()} scrolls sideways`,
  ).toBeLessThanOrEqual(360);
}

/** Opens `path` (see `open`) and checks it fits a 360 px phone. */
export async function go(page: Page, path: string, javaScriptEnabled = true) {
  await open(page, path, javaScriptEnabled);
  await fits360(page);
}

/** The selectable text of a PDF (pdftotext, as a reader would search it), whitespace collapsed. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "e2e-pdf-"));
  try {
    const file = join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes the QR code drawn on the page (an inline SVG) the way a phone camera would: pixels → jsQR. */
export async function readQr(page: Page, selector: string): Promise<string | null> {
  const pixels = await page.evaluate(async (sel) => {
    const svg = document.querySelector(`${sel} svg`);
    if (!svg) return null;
    const size = 400;
    const clone = svg.cloneNode(true) as SVGElement;
    clone.setAttribute("width", String(size));
    clone.setAttribute("height", String(size));
    const url = URL.createObjectURL(new Blob([clone.outerHTML], { type: "image/svg+xml" }));
    const img = new Image();
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = reject;
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = size + 40;
    canvas.height = size + 40;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 20, 20, size, size);
    URL.revokeObjectURL(url);
    return {
      width: canvas.width,
      height: canvas.height,
      data: Array.from(ctx.getImageData(0, 0, canvas.width, canvas.height).data),
    };
  }, selector);
  if (!pixels) return null;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/** The value (`dd`) of the summary term (`dt`) named exactly `term`. */
export const summaryValue = (page: Page, term: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");

// The farmer onboarding form (/onboard-farmer) and plot corners, as the journeys type them.

/** A cocoa farmer as typed into the onboarding form; the optional fields stay empty unless given. */
export type NewFarmer = {
  firstName: string;
  lastName: string;
  /** "Female" unless given. */
  gender?: "Female" | "Male";
  dateOfBirth: string;
  phone?: string;
  nationalId?: string;
  /** "Nimba County" unless given. */
  county?: string;
  district?: string;
  community: string;
  photo?: { name: string; mimeType: string; buffer: Buffer };
};

/** Fills the open onboarding form with `farmer` (crop: cocoa) and presses "Register farmer". */
export async function registerFarmer(page: Page, farmer: NewFarmer) {
  await page.getByLabel("First name").fill(farmer.firstName);
  await page.getByLabel("Last name").fill(farmer.lastName);
  await page.getByRole("radio", { name: farmer.gender ?? "Female", exact: true }).check();
  await page.getByLabel("Date of birth").fill(farmer.dateOfBirth);
  if (farmer.phone) await page.getByLabel("Phone number (optional)").fill(farmer.phone);
  if (farmer.nationalId) await page.getByLabel("National ID number (optional)").fill(farmer.nationalId);
  await page.getByLabel("County").selectOption(farmer.county ?? "Nimba County");
  if (farmer.district) await page.getByLabel("District (optional)").fill(farmer.district);
  await page.getByLabel("Community or town").fill(farmer.community);
  await page.getByRole("checkbox", { name: "Cocoa", exact: true }).check();
  if (farmer.photo) await page.getByLabel("Photo of the farmer (optional)").setInputFiles(farmer.photo);
  await page.getByRole("button", { name: "Register farmer" }).click();
}

/**
 * The confirmation of a registration: its heading, `nameAndCounty` ("<full name>, <county>"), the
 * new farmer ID (FRM and 6 digits) and a temporary password of at least 8 characters.
 */
export async function registeredFarmer(page: Page, nameAndCounty: string) {
  const registered = page.getByTestId("registered");
  await expect(registered.getByRole("heading", { name: "Farmer registered" })).toBeVisible();
  await expect(registered).toContainText(nameAndCounty);
  const farmerId = (await page.getByTestId("farmer-id").innerText()).trim();
  expect(farmerId).toMatch(/^FRM\d{6}$/);
  const temporaryPassword = (await page.getByTestId("temporary-password").innerText()).trim();
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
  return { registered, farmerId, temporaryPassword };
}

/**
 * Fills the buyer dashboard's purchase `form` (the plots already ticked), paid in cash, and presses
 * "Record purchase".
 */
export async function recordPurchase(
  form: Locator,
  p: { weightKg: string; pricePerKg: string; place: string; grade: string },
) {
  await form.getByLabel("Weight (kg)").fill(p.weightKg);
  await form.getByLabel("Price per kg").fill(p.pricePerKg);
  await form.getByLabel("Payment method").selectOption("cash");
  await form.getByLabel("Place of purchase (town or facility)").fill(p.place);
  await form.getByLabel("Quality grade").selectOption(p.grade);
  await form.getByRole("button", { name: "Record purchase" }).click();
}

/** Corners as "latitude, longitude" lines, as a GPS shows them (the plot form closes the ring itself). */
export const gpsLines = (corners: [lat: number, lon: number][]) =>
  corners.map(([lat, lon]) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`).join("\n");

/** The four corners of a `dLat` × `dLon` rectangle from its south-west corner, as GPS lines. */
export const rectangleLines = (south: number, west: number, dLat: number, dLon: number) =>
  gpsLines([
    [south, west],
    [south, west + dLon],
    [south + dLat, west + dLon],
    [south + dLat, west],
  ]);

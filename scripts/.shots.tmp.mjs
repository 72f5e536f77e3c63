// Temporary (not committed): full-page 360 px screenshots of pages, signed in as given roles.
import { chromium } from "playwright-core";
import { signIn, SESSION_COOKIE } from "./bench-pages.mjs";
const BASE = process.env.BASE ?? "http://127.0.0.1:8799";
const list = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const tokens = {};
for (const [role, path, js] of list) {
  if (role && !tokens[role]) tokens[role] = await signIn(BASE, role);
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: js !== false });
  if (role) await ctx.addCookies([{ name: SESSION_COOKIE, value: tokens[role], domain: "127.0.0.1", path: "/", secure: true, httpOnly: true }]);
  const page = await ctx.newPage();
  const res = await page.goto(BASE + path);
  await page.waitForTimeout(300);
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  const name = `${role ?? "anon"}${path.replace(/[^a-z0-9]+/gi, "_")}`.slice(0, 80);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log(name, res?.status(), "width", w);
  await ctx.close();
}
await browser.close();

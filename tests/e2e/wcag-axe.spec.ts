import { expect, test } from "@playwright/test";
import {
  type Finding,
  type Fixtures,
  fixtures,
  LOGIN_PATHS,
  mayOpen,
  publicPages,
  report,
  SIGNED_IN_ROLES,
  seriousViolations,
  signedInPages,
  signInAs,
} from "./a11y-helpers";

/**
 * Accessibility in the tests: axe (@axe-core/playwright) on every page, signed out
 * (public pages, every login page) and signed in as each role on every page that role may open,
 * on the phone-sized screen of playwright.config.ts. No serious or critical violation anywhere;
 * a failure lists each one with its page, who looked, rule, impact and elements.
 */

let fx: Fixtures;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    fx = await fixtures(request);
  } finally {
    await request.dispose();
  }
});

test.describe("accessibility (axe): no serious or critical violations", () => {
  test("signed out: public pages", async ({ page }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    for (const path of publicPages(fx)) findings.push(...(await seriousViolations(page, path, "signed out")));
    expect(findings, report(findings)).toEqual([]);
  });

  test("signed out: every login page", async ({ page }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    for (const path of LOGIN_PATHS) findings.push(...(await seriousViolations(page, path, "signed out")));
    expect(findings, report(findings)).toEqual([]);
  });

  for (const role of SIGNED_IN_ROLES) {
    test(`signed in as ${role}: every page the role may open`, async ({ page }) => {
      test.setTimeout(240_000);
      await signInAs(page.request, role);
      const findings: Finding[] = [];
      const opened: string[] = [];
      for (const path of signedInPages(fx)) {
        if (!(await mayOpen(page, path))) continue;
        opened.push(path);
        findings.push(...(await seriousViolations(page, path, role)));
      }
      // Every role has at least its own dashboard.
      expect(opened.length, `${role} opened no page`).toBeGreaterThan(0);
      expect(findings, report(findings)).toEqual([]);
    });
  }
});

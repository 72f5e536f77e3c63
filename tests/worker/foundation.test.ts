import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LANDING, MODULES, REDIRECT_TO_LANDING } from "#app/content/landing";
import { PORTALS } from "#app/content/portals";
import { COUNTIES } from "#worker/content/counties";
import { CROPS } from "#worker/domain/commodities";
import { call } from "./helpers";

/** Decodes the few entities React escapes so texts can be compared as a user reads them. */
function text(html: string) {
  return html
    .replace(/<!-- -->/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');
}

async function sha256Base64(body: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

describe("GET /api/health", () => {
  it("touches D1, KV and R2 and reports each", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(body.status).toBe("ok");
    expect(Object.keys(body.checks).sort()).toEqual(["d1", "kv", "r2"]);
    for (const check of Object.values(body.checks)) expect(check.ok).toBe(true);
  });
});

describe("/api never answers HTML", () => {
  for (const [method, path] of [
    ["GET", "/api/does-not-exist"],
    ["POST", "/api/farmers/nothing-here"],
    ["GET", "/api"],
    ["DELETE", "/api/health/x"],
  ] as const) {
    it(`${method} ${path} → JSON 404`, async () => {
      const res = await call(path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toContain(path);
    });
  }

  it("rejects an oversized body with JSON 413", async () => {
    const res = await call("/api/health", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe("Request body too large (limit 1 MiB)");
  });
});

describe("security headers", () => {
  for (const path of ["/", "/portals", "/api/health", "/api/nope", "/no-such-page"]) {
    it(`are set on ${path}`, async () => {
      const res = await call(path);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("nonce-");
    });
  }

  it("the page CSP allows exactly the inline scripts the page contains", async () => {
    const res = await call("/");
    const html = await res.text();
    const csp = res.headers.get("content-security-policy")!;
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) expect(csp).toContain(`'sha256-${await sha256Base64(body)}'`);
  });

  it("the same page gets the same CSP twice (cacheable, no per-response nonce)", async () => {
    const a = (await call("/")).headers.get("content-security-policy");
    const b = (await call("/")).headers.get("content-security-policy");
    expect(a).toBe(b);
  });
});

describe("edge cache", () => {
  it("serves a public page from the cache on the second request", async () => {
    const first = await call("/portals?utm=cache-test");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    const firstHtml = await first.text();
    await new Promise((r) => setTimeout(r, 50)); // cache.put runs in waitUntil
    const second = await call("/portals?utm=cache-test");
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("never caches a 404 or a redirect", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await call("/not/a/page")).headers.get("x-edge-cache")).toBeNull();
      expect((await call("/mine-watch")).headers.get("x-edge-cache")).toBeNull();
    }
  });
});

describe("landing screen", () => {
  for (const path of ["/", "/front-page", "/polipus"]) {
    it(`${path} shows the landing content`, async () => {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("public");
      const html = text(await res.text());
      expect(html).toContain(LANDING.country);
      expect(html).toContain(LANDING.title);
      expect(html).toContain('src="/api/assets/logo.svg"');
      for (const tile of [
        "8/8",
        "Active Modules",
        "100%",
        "EUDR compliance",
        "200+",
        "Satellite network",
        "Global coverage",
      ]) {
        expect(html).toContain(tile);
      }
      for (const module of MODULES) {
        expect(html).toContain(module.title);
        expect(html).toContain(module.description);
        expect(html).toContain(`href="${module.href}"`);
      }
      expect(html.match(/>Active</g)?.length).toBe(8);
      expect(html).toMatch(/href="\/monitoring-login"[^>]*>Access Oversight Portal</);
      expect(html).toMatch(/href="\/mobile-app-download"[^>]*>Download App</);
      expect(html).toMatch(/href="\/install-app"[^>]*>Installation Guide</);
      expect(html).toMatch(/href="\/pwa-test"[^>]*>Debug PWA</);
    });
  }

  it("an unmatched page path shows the landing content with status 404", async () => {
    const res = await call("/some/unknown/page");
    expect(res.status).toBe(404);
    const html = text(await res.text());
    expect(html).toContain(LANDING.title);
    expect(html).toContain('name="robots" content="noindex"');
  });

  for (const path of REDIRECT_TO_LANDING) {
    it(`${path} redirects to / from the server`, async () => {
      const res = await call(path);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!, "https://x").pathname).toBe("/");
    });
  }
});

describe("agricultural portals screen", () => {
  it("shows header, intro, cards, statistics, help and footer", async () => {
    const res = await call("/portals");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("public");
    const html = text(await res.text());
    expect(html).toMatch(/src="\/api\/assets\/[a-z-]+\.svg"/);
    expect(html).toContain("Sunny 28°C · Monrovia, Liberia");
    expect(html).toContain("Simulated");
    expect(html).toContain(PORTALS.intro);
    for (const county of COUNTIES) expect(html).toContain(`<li>${county}</li>`);
    // The crops it names are the ones a farmer and a plot can be registered with, no other.
    expect(html).toContain(`${PORTALS.cropsHeading}:</span> ${CROPS.join(", ")}.`);
    for (const card of PORTALS.cards) {
      expect(html).toContain(`href="${card.href}"`);
      expect(html).toContain(card.title);
      for (const feature of card.features) expect(html).toContain(feature);
    }
    expect(html).toMatch(/href="\/"[^>]*>← <!-- -->Back to Polipus Platform|href="\/"[^>]*>← Back to Polipus Platform/);
    for (const stat of PORTALS.stats)
      expect(html).toContain(`${stat.value}</p><p class="text-sm text-slate-600">${stat.label}`);
    expect(html).toContain(env.CONTACT_HOTLINE);
    expect(html).toContain(env.CONTACT_SUPPORT_EMAIL);
    expect(html).toContain(env.CONTACT_EMERGENCY);
    expect(html).toContain(
      `© ${new Date().getUTCFullYear()} Liberia Agriculture Commodity Regulatory Authority (LACRA). All rights reserved.`,
    );
  });
});

describe("mobile app routes", () => {
  it.each([
    ["/mobile-app-download", "Download the App"],
    ["/install-app", "Installation Guide"],
    ["/pwa-test", "PWA Diagnostics"],
  ])("%s is a real page", async (path, heading) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`>${heading}</h1>`);
  });

  it("serves a QR code of the site address", async () => {
    const res = await call("/api/assets/site-qr.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it("serves the logo under /api/assets and a JSON 404 for unknown assets", async () => {
    expect((await call("/api/assets/logo.svg")).headers.get("content-type")).toBe("image/svg+xml");
    const missing = await call("/api/assets/nope.svg");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });
});

describe("scheduled handler", () => {
  it("runs and records the run in D1", async () => {
    // The loopback binding runs the real scheduled() export, as the cron trigger would.
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: Date; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: new Date("2026-11-21T02:00:00Z"), cron: "0 2 * * *" });
    const row = await env.DB.prepare(
      "SELECT cron, scheduled_at, status, summary FROM cron_runs ORDER BY id DESC LIMIT 1",
    ).first<{
      cron: string;
      scheduled_at: string;
      status: string;
      summary: string;
    }>();
    expect(row).toMatchObject({ cron: "0 2 * * *", scheduled_at: "2026-11-21T02:00:00.000Z", status: "ok" });
    expect(JSON.parse(row!.summary)).toHaveProperty("pruneCronHistory");
  });
});

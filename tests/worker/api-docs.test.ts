import { describe, expect, it } from "vitest";
import { api } from "#worker/api";
import { PERMISSIONS } from "#worker/auth/permissions";
import { call } from "./helpers";

type Operation = {
  operationId: string;
  summary: string;
  responses: Record<string, { description: string }>;
  "x-permission": string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

async function fetchDocs() {
  const res = await call("/api/docs");
  expect(res.status).toBe(200);
  return { res, doc: (await res.json()) as Doc };
}

describe("GET /api/docs (OpenAPI 3.1)", () => {
  it("is an OpenAPI 3.1 document: info, paths with operations and their responses", async () => {
    const { res, doc } = await fetchDocs();
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api(\/|$)/);
      expect(path).not.toContain(":");
      for (const [method, op] of Object.entries(item)) {
        expect(HTTP_METHODS).toContain(method);
        expect(op.summary).toBeTruthy();
        expect(ids.has(op.operationId), `operationId ${op.operationId} is unique`).toBe(false);
        ids.add(op.operationId);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [status, r] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(r.description).toBeTruthy();
        }
        const permission = op["x-permission"];
        expect(["public", "signed-in", ...Object.keys(PERMISSIONS)]).toContain(permission);
        // Every parameter named in the path is declared.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          const params = (op as { parameters?: { name: string; in: string }[] }).parameters ?? [];
          expect(params.some((p) => p.in === "path" && p.name === name)).toBe(true);
        }
      }
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["Error", "Success", "Page"]));
  });

  it("lists every route of the /api app, method by method", async () => {
    const { doc } = await fetchDocs();
    const routes = api.routes.filter((r) => !(r.method === "ALL" && r.path.endsWith("*")));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .map((r) => ({
        method: r.method.toLowerCase(),
        path: `/api${r.path === "/" ? "" : r.path}`.replace(/:([A-Za-z0-9_]+)/g, "{$1}"),
      }))
      .filter(({ method, path }) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it("names the permission and request schema of a route from the route itself", async () => {
    const { doc } = await fetchDocs();
    const purchase = doc.paths["/api/batches"]!.post!;
    expect(purchase["x-permission"]).toBe("recordPurchases");
    expect(Object.keys(purchase.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "415"]));
    expect(purchase.requestBody?.content["application/json"]?.schema).toMatchObject({ type: "object" });
    expect(doc.paths["/api/farmers/login"]!.post!["x-permission"]).toBe("public");
    expect(doc.paths["/api/auth/me"]!.get!["x-permission"]).toBe("signed-in");
    expect(doc.paths["/api/reports"]!.post!["x-permission"]).toBe("generateReports");
  });

  it("documents the 403 an account with a temporary password gets, except where it may change it", async () => {
    const { doc } = await fetchDocs();
    expect(doc.paths["/api/batches"]!.post!.responses["403"]?.description).toContain(
      "Change your password before continuing",
    );
    expect(doc.paths["/api/batches"]!.post!.responses["403"]?.description).toContain("recordPurchases");
    // Open to any signed-in account, yet refused until the temporary password is changed.
    const signedIn = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .find((op) => op["x-permission"] === "signed-in" && op.responses["403"]);
    expect(signedIn?.responses["403"]?.description).toContain("Change your password before continuing");
    // The routes that serve a temporary-password account do not list it.
    expect(doc.paths["/api/auth/me"]!.get!.responses["403"]).toBeUndefined();
  });

  it("is cacheable: public Cache-Control and an ETag answered 304", async () => {
    const { res } = await fetchDocs();
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await call("/api/docs", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });
});

describe("/api-reference", () => {
  it("lists every operation with method, path, permission and responses, as plain HTML", async () => {
    const { doc } = await fetchDocs();
    const res = await call("/api-reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/<title>API reference/);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) expect(html).toContain(`${method.toUpperCase()}<!-- --> <!-- -->${path}`);
    }
    expect(html).toContain("recordPurchases");
  });
});

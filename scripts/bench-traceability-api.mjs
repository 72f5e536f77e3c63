// Helpers of the traceability benchmarks while the server runs: sign in as the office
// administrator, call the API with its bearer token, run one benchmark part.

const OFFICE_ADMIN = { username: "office.admin", password: "Office#2026", role: "office_admin" };

export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
export const fmt = (n) => Math.round(n).toLocaleString("en");
export const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

export async function signIn(BASE) {
  const res = await fetch(`${BASE}/api/auth/regulatory-login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.70.0.1" },
    body: JSON.stringify(OFFICE_ADMIN),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.token)
    throw new Error(`office.admin could not sign in (HTTP ${res.status}: ${body.message ?? "no token"})`);
  return body.token;
}

/** fetch + JSON with the bearer token; never throws on HTTP errors (the status is returned). */
export async function api(BASE, token, path, init = {}) {
  const headers = { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + path, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    // vite preview answers a dropped Worker request with an HTML page: keep its first line.
    const pre = /<pre>(.*?)(<br>|<\/pre>)/s.exec(text)?.[1];
    body = { message: (pre ?? text).slice(0, 200) };
  }
  return { status: res.status, body };
}

/** True when the API answered "no such endpoint" (worker/api/errors.ts onApiNotFound). */
export const noEndpoint = (r) => r.status === 404 && /^No API endpoint at /.test(r.body?.message ?? "");

export async function part(title, fn) {
  console.log(`\n${title}`);
  try {
    await fn();
  } catch (e) {
    console.log(`  skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Bulk import.

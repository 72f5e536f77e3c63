/** What the re-check tests share (recheck*.test.ts): the administrator's /recheck-jobs page and its form. */
import { expect } from "vitest";
import { call, postForm } from "./helpers";
import { csrfOf, decodeHtml } from "./html";

/** The /recheck-jobs page as the signed-in `cookie` sees it (200 asserted): its text and its form's CSRF token. */
export async function recheckPage(cookie: string) {
  const res = await call("/recheck-jobs", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = decodeHtml(await res.text());
  return { html, csrf: csrfOf(html) };
}

/** Starts a re-check with the page's form (JavaScript off), as the signed-in `cookie`. */
export async function startRecheck(cookie: string) {
  const { csrf } = await recheckPage(cookie);
  return postForm("/recheck-jobs", cookie, { csrf });
}

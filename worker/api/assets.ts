import { Hono } from "hono";
import { renderSVG } from "uqr";
import type { Env } from "../env";
import { apiError } from "./errors";

/**
 * Brand images used by the pages (docs/product.md §7: "The logo is loaded from a path under /api/assets").
 * Small hand-drawn SVGs: a few hundred bytes each, sharp on any screen, cached for a day.
 */
const SVG: Record<string, string> = {
  // Platform emblem: a green globe with a leaf, ringed in Liberian blue.
  "logo.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Platform emblem"><circle cx="32" cy="32" r="30" fill="#002868"/><circle cx="32" cy="32" r="25" fill="#15803d"/><path d="M7 32h50M32 7c-9 8-9 42 0 50M32 7c9 8 9 42 0 50" stroke="#bbf7d0" stroke-width="2" fill="none"/><path d="M22 44c0-14 10-22 22-22-1 13-9 22-22 22z" fill="#fef9c3"/><path d="M22 44l14-14" stroke="#15803d" stroke-width="2"/></svg>`,
  // The regulator's seal (LACRA): a cocoa pod on green in a red ring.
  "lacra-logo.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Regulator seal"><circle cx="32" cy="32" r="30" fill="#bf0a30"/><circle cx="32" cy="32" r="25" fill="#fff"/><circle cx="32" cy="32" r="21" fill="#14532d"/><ellipse cx="32" cy="33" rx="9" ry="14" fill="#d97706"/><path d="M32 19v28M27 22c-2 7-2 16 0 22M37 22c2 7 2 16 0 22" stroke="#92400e" stroke-width="1.5" fill="none"/><path d="M32 19c2-4 6-5 9-4" stroke="#65a30d" stroke-width="2.5" fill="none"/></svg>`,
  // Flag of Liberia: eleven stripes, blue canton, white star.
  "flag-liberia.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 209 110" role="img" aria-label="Flag of Liberia"><rect width="209" height="110" fill="#fff"/><g fill="#bf0a30">${Array.from(
    { length: 6 },
    (_, i) => `<rect y="${i * 20}" width="209" height="10"/>`,
  ).join(
    "",
  )}</g><rect width="50" height="50" fill="#002868"/><path fill="#fff" d="M25 9l4.7 14.5H45l-12.4 9 4.7 14.5L25 38l-12.3 9 4.7-14.5L5 23.5h15.3z"/></svg>`,
  // Flag of the European Union (the EUDR market).
  "flag-eu.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 100" role="img" aria-label="Flag of the European Union"><rect width="150" height="100" fill="#039"/><g fill="#fc0">${Array.from(
    { length: 12 },
    (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<circle cx="${(75 + 30 * Math.sin(a)).toFixed(1)}" cy="${(50 - 30 * Math.cos(a)).toFixed(1)}" r="4"/>`;
    },
  ).join("")}</g></svg>`,
};

export const assets = new Hono<{ Bindings: Env }>()
  // QR code of this site's own address, for installing the app from another phone.
  .get("/site-qr.svg", (c) => {
    const origin = new URL(c.req.url).origin;
    return c.body(renderSVG(`${origin}/`, { border: 2 }), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
    });
  })
  .get("/:name", (c) => {
    const svg = SVG[c.req.param("name")];
    if (!svg) return apiError(c, 404, "Asset not found");
    return c.body(svg, 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    });
  });

import { exports } from "cloudflare:workers";

export const ORIGIN = "https://eip.example.gov.lr";

/** Sends a request through the deployed Worker's fetch handler. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

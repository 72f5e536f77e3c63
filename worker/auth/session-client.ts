/**
 * What the session index (ADR 003 "The session index in D1") records about the device that signed
 * in: a label from the User-Agent ("Chrome on Android") and a coarse place from the edge
 * (request.cf city, region, country). No IP address and no full User-Agent are kept.
 */
export type SessionClient = { device: string; place: string | null };

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/UCBrowser\//, "UC Browser"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android", "Firefox on Windows", "Chrome", "Android device", or "Unknown device". */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `${system} device`;
  if (/^(curl|Wget|node|undici|okhttp|python)/i.test(ua)) return "API client";
  return "Unknown device";
}

type EdgeInfo = { city?: unknown; region?: unknown; country?: unknown };

/** "Monrovia, Montserrado, LR" from what the edge knows; null when it knows nothing. */
export function edgePlace(cf: EdgeInfo | null | undefined): string | null {
  if (!cf) return null;
  const parts = [cf.city, cf.region, cf.country].filter((p): p is string => typeof p === "string" && p.length > 0);
  return parts.length ? [...new Set(parts)].join(", ").slice(0, 120) : null;
}

/** The device label and coarse place of a request. */
export function sessionClient(request: Request): SessionClient {
  const cf = (request as Request & { cf?: EdgeInfo }).cf;
  return { device: deviceLabel(request.headers.get("User-Agent")), place: edgePlace(cf) };
}

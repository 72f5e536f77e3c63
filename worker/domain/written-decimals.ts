/**
 * Decimals as written (docs/eudr-rules.md "Precision"; ADR 010). A parsed number has lost its
 * trailing zeros — `6.982140` reads back as 6.98214 — so the 6-decimal rule of EUDR Art. 2(28)
 * is judged on the text the client wrote. Every intake (API body, pasted GeoJSON, typed
 * coordinates, CSV cells, GeoJSON files) records the written decimals of each number in a
 * WeakMap keyed by the array that holds it; the validator reads them from there.
 */

/** Per array of numbers: the decimals of each element as written (undefined for non-numbers). */
export type WrittenDecimals = WeakMap<object, (number | undefined)[]>;

/** Deepest JSON nesting accepted for a plot (a FeatureCollection › Feature › MultiPolygon position is 8). */
export const MAX_JSON_DEPTH = 20;
/** Largest JSON text read as one plot: the API's body limit (docs/eudr-rules.md "Limits"). */
export const MAX_PLOT_JSON_BYTES = 1024 * 1024;

const NUMBER_TEXT = /^[+-]?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Decimals of a number as written: "6.982140" → 6, "6.98214" → 5, "6.9821401e-1" → 8, "7" → 0. */
export function decimalsOfText(text: string): number {
  const m = NUMBER_TEXT.exec(text.trim());
  if (!m) return 0;
  const fraction = m[2] ?? "";
  const exponent = Number(m[3] ?? 0);
  return Math.max(0, fraction.length - exponent);
}

/** Decimals of a number that has no written text: its shortest form (trailing zeros lost). */
export function decimalsOfNumber(n: number): number {
  return decimalsOfText(String(n));
}

/**
 * Nesting depth of a JSON text, counted without parsing (strings skipped), stopping as soon as
 * `limit` is passed: a 20 KB body nested 10,000 deep is refused before any parser recurses.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > limit) return true;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return false;
}

export type JsonRead =
  | { ok: true; value: unknown; decimals: WrittenDecimals }
  | { ok: false; rule: "too-large" | "too-deep" | "json"; message: string };

export const JSON_READ_MESSAGES = {
  tooLarge: `The plot is too large: at most ${MAX_PLOT_JSON_BYTES / 1024 / 1024} MiB of GeoJSON`,
  tooDeep: `The GeoJSON is nested more than ${MAX_JSON_DEPTH} levels deep; a plot never needs that`,
  json: "The GeoJSON is not valid JSON",
} as const;

/**
 * Parses JSON text and keeps, for every array, the written decimals of its numbers (JSON.parse
 * source-text access: `context.source`, available in workerd and Node 22). Refuses texts over
 * the size cap or nested beyond MAX_JSON_DEPTH with a named rule, never an exception.
 */
export function parseJsonKeepingDecimals(text: string, maxBytes = MAX_PLOT_JSON_BYTES): JsonRead {
  if (text.length > maxBytes) return { ok: false, rule: "too-large", message: JSON_READ_MESSAGES.tooLarge };
  if (jsonDepthExceeds(text)) return { ok: false, rule: "too-deep", message: JSON_READ_MESSAGES.tooDeep };
  const decimals: WrittenDecimals = new WeakMap();
  // The reviver runs children before their parent: primitives push their decimals on a stack,
  // and an array (or object) takes its direct primitive children's entries off the top.
  const pending: (number | undefined)[] = [];
  try {
    const value = JSON.parse(
      text,
      function reviver(this: unknown, _key: string, v: unknown, context?: { source?: string }) {
        if (v !== null && typeof v === "object") {
          const isPrimitive = (x: unknown) => x === null || typeof x !== "object";
          if (Array.isArray(v)) {
            let primitives = 0;
            for (const x of v) if (isPrimitive(x)) primitives++;
            if (primitives === 0) return v;
            const base = pending.length - primitives;
            if (primitives === v.length) decimals.set(v, pending.slice(base));
            else {
              let k = base;
              decimals.set(
                v,
                v.map((x) => (isPrimitive(x) ? pending[k++] : undefined)),
              );
            }
            pending.length = base;
          } else {
            let primitives = 0;
            for (const key in v) if (isPrimitive((v as Record<string, unknown>)[key])) primitives++;
            pending.length -= primitives;
          }
          return v;
        }
        pending.push(
          typeof v === "number" && context?.source !== undefined
            ? decimalsOfText(context.source)
            : typeof v === "number"
              ? decimalsOfNumber(v)
              : undefined,
        );
        return v;
      },
    );
    return { ok: true, value, decimals };
  } catch {
    return { ok: false, rule: "json", message: JSON_READ_MESSAGES.json };
  }
}

/** Records the written decimals of a position built from typed text (form lines, CSV cells). */
export function positionFromText(decimals: WrittenDecimals, lonText: string, latText: string): [number, number] {
  const position: [number, number] = [Number(lonText), Number(latText)];
  decimals.set(position, [decimalsOfText(lonText), decimalsOfText(latText)]);
  return position;
}

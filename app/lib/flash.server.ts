/**
 * What the last form did, carried over its redirect (`?done=…`, `?error=…`, `?received=…`) so a
 * reload does not post again. The URL carries a code, never the text shown: anyone can send a
 * link, so free text in it would let them print their own "official" notice on a staff page
 * ("SECURITY NOTICE: call …"). A code maps to a fixed message; an unknown code shows nothing.
 * A record named in the notice (a batch, shipment, invoice) is shown only when the value has the
 * exact shape of the platform's serial numbers (`LR-COC-2026-000001`, `SHP-2026-000004`, `LACRA-OUT-2026-000001`), which
 * carries no sentence. A failure with a message of its own is answered on the page itself (the
 * action's data, with its status), not through the URL.
 */

/** The platform's serial record numbers: one to three prefixes of 2–5 capitals or digits, the year, six digits. */
const SERIAL = /^(?:[A-Z][A-Z0-9]{1,4}-){1,3}\d{4}-\d{6}$/;

/** The fixed message of the code in `?param=`, or null for a missing or unknown code. */
export function flashMessage<T extends Record<string, string>>(url: URL, param: string, messages: T): string | null {
  const code = url.searchParams.get(param) ?? "";
  return Object.hasOwn(messages, code) ? messages[code]! : null;
}

/** The record number in `?param=` when it is one (see SERIAL), else null. */
export function flashRef(url: URL, param: string): string | null {
  const value = url.searchParams.get(param) ?? "";
  return SERIAL.test(value) ? value : null;
}

/** What the browser-side unit tests share (api-client, offline): a stubbed browser and a caught rejection. */
import { afterEach, beforeEach, vi } from "vitest";
import { MemoryStorage } from "./memory-storage";

/**
 * Before each test, a fresh in-memory localStorage, `navigator.onLine` and `fetch` (from `makeFetch`)
 * replace the globals; after it, the real ones are back. The returned object holds the current ones.
 */
export function stubBrowserEachTest<F extends (...args: never[]) => unknown>(onLine: boolean, makeFetch: () => F) {
  const current = {} as { storage: MemoryStorage; fetch: F };
  beforeEach(() => {
    current.storage = new MemoryStorage();
    current.fetch = makeFetch();
    vi.stubGlobal("localStorage", current.storage);
    vi.stubGlobal("navigator", { onLine });
    vi.stubGlobal("fetch", current.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return current;
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to throw");
}

import { Suspense, useState } from "react";

const BUTTON = "min-h-11 rounded-md border border-green-800 px-3 py-1 text-sm font-semibold text-green-900";

/**
 * A map behind a "Show map" button: `children` (a lazily imported map island) is rendered, and so
 * fetched, only once tapped. Show it only when JavaScript runs; the page's list or table is the
 * no-JS view.
 */
export function ShowMap({ children }: { children: React.ReactNode }) {
  const [show, setShow] = useState(false);
  if (show) return <Suspense fallback={<p className="text-sm">Loading the map…</p>}>{children}</Suspense>;
  return (
    <button type="button" onClick={() => setShow(true)} className={BUTTON}>
      Show map
    </button>
  );
}

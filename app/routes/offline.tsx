import { pageMeta } from "#app/components/kit/page-meta";
import { PageShell } from "../components/page-shell";
import { PUBLIC_PAGE_CACHE } from "./landing";

/** /offline: what the service worker shows for a page it has no copy of while the phone is offline (ADR 027). */
export const meta = () => pageMeta("You are offline", { index: false });

export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export default function Offline() {
  return (
    <PageShell title="You are offline">
      <div className="mt-2 max-w-prose space-y-3 text-slate-800">
        <p>This page has not been opened on this phone before, so it cannot be shown without a connection.</p>
        <p>
          The field pages you opened while signed in still work: onboarding a farmer, mapping a plot, your dashboard and
          your outbox. Forms you save now are kept on this phone and sent when the connection returns.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <a href="/outbox" className="font-semibold text-green-800 underline">
              Open the outbox
            </a>
          </li>
          <li>
            <a href="/portals" className="font-semibold text-green-800 underline">
              Portals
            </a>
          </li>
        </ul>
      </div>
    </PageShell>
  );
}

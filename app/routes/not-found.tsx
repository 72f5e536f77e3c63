import { data } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { PageShell } from "../components/page-shell";
import type { Route } from "./+types/not-found";

/** Any page path no route matches: a 404 that says so and offers the ways back (never a blank landing). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function headers() {
  return { "Cache-Control": "public, max-age=60" };
}

export const meta = () => pageMeta("Page not found", { index: false });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell title="Page not found">
      <div className="mt-2 max-w-prose space-y-3 text-slate-800">
        <p>
          There is no page at <span className="font-mono [overflow-wrap:anywhere]">{loaderData.path}</span>. The address
          may be mistyped, or the page may have moved.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <a href="/" className="inline-block min-h-6 font-semibold text-green-800 underline">
              Go to the home page
            </a>
          </li>
          <li>
            <a href="/portals" className="inline-block min-h-6 font-semibold text-green-800 underline">
              Sign in to a portal
            </a>
          </li>
        </ul>
      </div>
    </PageShell>
  );
}

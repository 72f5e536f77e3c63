import { Link } from "react-router";

/** Any other /profile/… path: a 404 section inside the profile, never the landing page. */
export function NotFoundSection({ path }: { path: string }) {
  return (
    <section aria-labelledby="not-found-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm font-semibold text-red-700">404 — Not found</p>
      <h2 id="not-found-heading" className="text-xl font-bold">
        There is no such section of your profile
      </h2>
      <p className="mt-2 text-slate-700">
        <code className="break-all">{path}</code> does not exist. Choose one of the sections above, or go back to{" "}
        <Link to="/profile" className="font-semibold text-green-800 underline">
          my details
        </Link>
        .
      </p>
    </section>
  );
}

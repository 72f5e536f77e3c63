import { useEffect } from "react";
import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { ModuleCard } from "../components/module-card";
import { StatTiles } from "../components/stat-tiles";
import { LANDING, MODULES } from "../content/landing";
import { clearMonitoringSession } from "../lib/browser-session";

/** Public, per-user-free page: cacheable at the edge. */
export const PUBLIC_PAGE_CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export function meta() {
  return pageMeta(LANDING.title, {
    suffix: LANDING.country,
    extra: [{ name: "description", content: LANDING.subtitle }],
  });
}

export default function Landing() {
  useEffect(() => {
    clearMonitoringSession(window.localStorage);
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-gradient-to-br from-green-900 via-green-800 to-blue-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-10 text-center sm:py-14">
          <img src="/api/assets/logo.svg" alt={LANDING.logoAlt} width={80} height={80} className="h-20 w-20" />
          <p className="text-sm font-semibold tracking-[0.2em] text-green-200">{LANDING.country}</p>
          <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{LANDING.title}</h1>
          <p className="max-w-2xl text-green-100">{LANDING.subtitle}</p>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="sr-only">
            Platform summary
          </h2>
          <StatTiles tiles={LANDING.tiles} className="grid grid-cols-2 gap-3 lg:grid-cols-4" />
        </section>

        <section aria-labelledby="modules-heading" className="mt-10">
          <h2 id="modules-heading" className="text-2xl font-bold text-slate-900">
            {LANDING.modulesHeading}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {MODULES.map((module) => (
              <li key={module.id}>
                <ModuleCard module={module} />
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-10 grid gap-4 md:grid-cols-2">
          <section aria-labelledby="oversight-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-6">
            <h2 id="oversight-heading" className="text-xl font-bold text-blue-950">
              <Link to={LANDING.oversight.href} prefetch="none" className="underline-offset-4 hover:underline">
                {LANDING.oversight.heading}
              </Link>
            </h2>
            <p className="mt-2 text-blue-900">{LANDING.oversight.text}</p>
          </section>

          <section aria-labelledby="mobile-heading" className="rounded-xl border border-green-200 bg-green-50 p-6">
            <h2 id="mobile-heading" className="text-xl font-bold text-green-950">
              {LANDING.mobile.heading}
            </h2>
            <p className="mt-2 text-green-900">{LANDING.mobile.text}</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {LANDING.mobile.links.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    prefetch="none"
                    className="inline-block rounded-md border border-green-700 bg-white px-4 py-2 text-sm font-semibold text-green-800 hover:bg-green-100"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">
        {LANDING.footer}
      </footer>
    </div>
  );
}

import { Link } from "react-router";
import { LANDING, type PlatformModule } from "../content/landing";

/**
 * One module card of the landing grid (spec §2). An active card is a link with an
 * 'Active' badge; an inactive one shows 'Coming Soon' and is not clickable.
 */
export function ModuleCard({ module }: { module: PlatformModule }) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="text-3xl" aria-hidden="true">
          {module.icon}
        </span>
        {module.active ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {LANDING.activeBadge}
          </span>
        ) : (
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {LANDING.comingSoonBadge}
          </span>
        )}
      </div>
      <h3 className="mt-3 text-lg font-bold text-slate-900">{module.title}</h3>
      <p className="mt-1 text-sm text-slate-600">{module.description}</p>
    </>
  );
  const base = "block h-full rounded-xl border bg-white p-5 shadow-sm";
  if (!module.active) {
    return (
      <div
        className={`${base} cursor-not-allowed border-slate-200 opacity-70`}
        aria-disabled="true"
        data-module={module.id}
      >
        {body}
      </div>
    );
  }
  return (
    <Link
      to={module.href}
      prefetch="none"
      data-module={module.id}
      className={`${base} border-green-200 transition hover:border-green-500 hover:shadow-md focus:outline-none focus-visible:ring-4 focus-visible:ring-green-300`}
    >
      {body}
    </Link>
  );
}

import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ERROR_SCREEN, STARTUP } from "./content/startup";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/icons/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <Meta />
        <Links />
        <noscript>
          <style>{"#startup-loader{display:none}"}</style>
        </noscript>
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <StartupLoader />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The startup loader of spec §2; see app.css for its no-JavaScript fallback. */
function StartupLoader() {
  useEffect(() => {
    const el = document.getElementById("startup-loader");
    if (!el) return;
    const fade = window.setTimeout(() => el.classList.add("is-fading"), STARTUP.loaderFadeAfterMs);
    const remove = window.setTimeout(() => el.remove(), STARTUP.loaderFadeAfterMs + STARTUP.loaderRemoveAfterMs);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(remove);
    };
  }, []);
  return (
    <div id="startup-loader" role="status" aria-live="polite" suppressHydrationWarning>
      <div className="startup-spinner" aria-hidden="true" />
      <p className="text-sm font-medium text-green-900">{STARTUP.loaderLabel}</p>
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The generic error screen (spec §2, §8). 'Try Again' re-requests the current page,
 * which re-runs its loaders and resets the boundary; without JavaScript it is a plain GET.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{ERROR_SCREEN.title}</h1>
      <p className="text-slate-700">{ERROR_SCREEN.message}</p>
      <form
        method="get"
        action={location.pathname}
        onSubmit={(event) => {
          event.preventDefault();
          navigate(here, { replace: true });
        }}
      >
        {[...new URLSearchParams(location.search)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="rounded-md bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-green-300"
        >
          {ERROR_SCREEN.retry}
        </button>
      </form>
      <p className="text-xs text-slate-500">Error code {status}</p>
    </main>
  );
}

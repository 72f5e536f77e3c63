import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { DASHBOARD_PATHS } from "#worker/auth/roles";
import { PORTAL_LOADING } from "../content/startup";
import { useToasts } from "../lib/toast-store";

/** The radix toaster loads with the first toast (or F8): it is not part of any page's first load. */
const Toaster = lazy(() => import("../components/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Everything behind the portals: the toaster and the 'Loading portal...' screen while a
 * dashboard's code and data load (spec §2). The query client of spec §9 is created on first use
 * (app/lib/query-client.ts), so neither it nor radix weighs on a page's first load.
 */
export default function PortalLayout() {
  const navigation = useNavigation();
  const toDashboard =
    navigation.state === "loading" && DASHBOARD_PATHS.some((p) => navigation.location?.pathname === p);
  return (
    <>
      {toDashboard && <PortalLoading />}
      <Outlet />
      <Toasts />
    </>
  );
}

/** Until the first toast, an empty notifications region that F8 focuses, as radix's does. */
function Toasts() {
  const toasts = useToasts();
  const [wanted, setWanted] = useState(false);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);
  useEffect(() => {
    if (wanted) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code === "F8" || event.key === "F8") region.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [wanted]);
  const placeholder = <section ref={region} aria-label="Notifications" tabIndex={-1} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Toaster />
    </Suspense>
  );
}

export function PortalLoading() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-white/90" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3">
        <div className="startup-spinner" aria-hidden="true" />
        <p className="font-semibold text-green-900">{PORTAL_LOADING}</p>
      </div>
    </div>
  );
}

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { DASHBOARD_PATHS } from "#worker/auth/roles";
import { Toaster } from "../components/toaster";
import { PORTAL_LOADING } from "../content/startup";
import { createQueryClient } from "../lib/query-client";

/**
 * Everything behind the portals: the query client (spec §9 defaults), the toaster, and the
 * 'Loading portal...' screen while a dashboard's code and data load (spec §2).
 */
export default function PortalLayout() {
  const [queryClient] = useState(createQueryClient);
  const navigation = useNavigation();
  const toDashboard =
    navigation.state === "loading" && DASHBOARD_PATHS.some((p) => navigation.location?.pathname === p);
  return (
    <QueryClientProvider client={queryClient}>
      {toDashboard && <PortalLoading />}
      <Outlet />
      <Toaster />
    </QueryClientProvider>
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

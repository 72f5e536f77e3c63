import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { fetchQueryKey } from "./api-client";

const defaultQueryFn: QueryFunction = ({ queryKey }) => fetchQueryKey(queryKey);

/** Query defaults of spec §9: no retry, no refetch on focus or interval, data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** The cached current-user query the exporter login primes (spec §7). */
export const CURRENT_USER_KEY = ["/api/auth/me"] as const;

let shared: QueryClient | undefined;
/**
 * The browser's one query client, created on first use: pages load this module only when they
 * need it (a dynamic import), so react-query is not in any page's first load.
 */
export function sharedQueryClient() {
  shared ??= createQueryClient();
  return shared;
}

/** Sets the cached current-user query (the exporter login's reply, spec §7). */
export function primeCurrentUser(user: unknown) {
  sharedQueryClient().setQueryData(CURRENT_USER_KEY, user);
}

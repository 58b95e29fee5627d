import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "./query-client.ts";
import { useServices } from "../services/services-context.tsx";

/**
 * Provides the app's QueryClient to the pages that use TanStack Query. Only lazy chunks import this
 * module (the signed-in area, the public /auth pages with a mutation), so the library loads with
 * them and not with sign-in. The client is made here on first need, once per app services, with
 * the spec's cache policy; every scope after that (another lazy page, a remount) gets the same one,
 * so the cache outlives navigation, and sign-out empties it through `services.queryCache`.
 */
export function QueryClientScope({ children }: { children: ReactNode }) {
  const client = useServices().queryCache.client(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

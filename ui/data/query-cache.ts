import type { QueryClient } from "@tanstack/react-query";

/**
 * The app's data cache as the entry sees it (docs/session.md, "Bundle"): a holder for the one
 * QueryClient of this page's lifetime, made on first need by the lazy chunks that use queries
 * (`QueryClientScope`, ui/app/query-client-scope.tsx). Only a type comes from TanStack Query here,
 * so the library stays out of the sign-in entry.
 */
export type QueryCache = {
  /** Drops all cached server data (spec section 4). Before the client exists nothing is cached: a no-op. */
  clear(): void;
  /** The one QueryClient: made by `create` on the first call, the same one on every later call. */
  client(create: () => QueryClient): QueryClient;
  /** The client if one has been made. */
  current(): QueryClient | undefined;
};

/** An empty holder, or (tests) one that already holds `existing`. */
export const createQueryCache = (existing?: QueryClient): QueryCache => {
  let made = existing;
  return {
    clear: () => made?.clear(),
    client: (create) => {
      made ??= create();
      return made;
    },
    current: () => made,
  };
};

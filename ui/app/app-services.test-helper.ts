import type { QueryClient } from "@tanstack/react-query";
import { startHarness, type Harness } from "../../adapters/shared/fixtures.test-helper.ts";
import type { AppServices } from "./app-services.ts";
import { createQueryCache } from "./query-cache.ts";
import { createQueryClient } from "./query-client.ts";
import { signInLogicFor } from "./sign-in-logic.ts";

/**
 * The app's real services wired to a scripted HTTP test server (adapters/shared test harness).
 * `queryClient` is the client `services.queryCache` holds: made at once here, so a test can read
 * and seed the cache before any page has made it.
 */
export type AppHarness = { readonly harness: Harness; readonly services: AppServices; readonly queryClient: QueryClient };

/** Real adapters, the real sign-in logic and a real data cache, talking to a local test server over jsdom storage. */
export const startAppHarness = async (): Promise<AppHarness> => {
  const harness = await startHarness();
  const queryClient = createQueryClient();
  // Test failures should show at once, not after the spec's two retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: 0 } });
  return {
    harness,
    queryClient,
    services: {
      adapters: harness.adapters,
      queryCache: createQueryCache(queryClient),
      signInLogic: signInLogicFor(harness.adapters),
      storage: { local: localStorage, session: sessionStorage },
    },
  };
};

import type { QueryClient } from "@tanstack/react-query";
import { startHarness, type Harness, type HarnessPage } from "../../adapters/shared/fixtures.test-helper.ts";
import type { AppServices } from "../services/app-services.ts";
import { createQueryCache, type QueryCache } from "../data/query-cache.ts";
import { createQueryClient } from "../data/query-client.ts";
import type { SessionService } from "../services/app-services.ts";
import { signInLogicFor, startSession } from "./auth-machines.ts";

/**
 * The app's real services wired to a scripted HTTP test server (adapters/shared test harness).
 * `queryClient` is the client `services.queryCache` holds: made at once here, so a test can read
 * and seed the cache before any page has made it.
 */
export type AppHarness = { readonly harness: Harness<SessionService>; readonly services: AppServices; readonly queryClient: QueryClient };

/** The app's services over one harness page (the first, or a reload's). */
export const servicesOf = (page: HarnessPage<SessionService>, queryCache: QueryCache): AppServices => {
  const { adapters, session } = page;
  if (session === null) throw new Error("the app harness always starts a session");
  return {
    adapters,
    queryCache,
    session,
    signInLogic: signInLogicFor(adapters, session.actor),
    storage: { local: localStorage, session: sessionStorage },
  };
};

/** Real adapters, the real session actor and sign-in logic, and a real data cache, talking to a local test server over jsdom storage. */
export const startAppHarness = async (): Promise<AppHarness> => {
  const harness = await startHarness(startSession);
  const queryClient = createQueryClient();
  // Test failures should show at once, not after the spec's two retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: 0 } });
  return {
    harness,
    queryClient,
    services: servicesOf(harness, createQueryCache(queryClient)),
  };
};

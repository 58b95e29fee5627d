import { startHarness, type Harness } from "../../adapters/http/fixtures.test-helper.ts";
import type { AppServices } from "./app-services.ts";
import { createQueryClient } from "./query-client.ts";
import { signInLogicFor } from "./sign-in-logic.ts";

/** The app's real services wired to a scripted HTTP test server (adapters/http test harness). */
export type AppHarness = { readonly harness: Harness; readonly services: AppServices };

/** Real adapters, the real sign-in logic and a real data cache, talking to a local test server over jsdom storage. */
export const startAppHarness = async (): Promise<AppHarness> => {
  const harness = await startHarness();
  const queryClient = createQueryClient();
  // Test failures should show at once, not after the spec's two retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: 0 } });
  return {
    harness,
    services: {
      adapters: harness.adapters,
      queryClient,
      signInLogic: signInLogicFor(harness.adapters),
      storage: { local: localStorage, session: sessionStorage },
    },
  };
};

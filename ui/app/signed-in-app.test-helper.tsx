import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { UserId } from "../../domain/shared/ids.ts";
import { startAppHarness, type AppHarness } from "./app-services.test-helper.ts";
import { AppRouterProvider } from "../shell/router-provider.tsx";
import { ServicesProvider } from "../services/services-context.tsx";

// A page test's signed-in app on the scripted test server, and rendering a page inside the app's
// services, data cache and router at an address.

/** Starts a signed-in app before each test and stops it after; the getter gives the current one. */
export function useSignedInApp(): () => AppHarness {
  let app: AppHarness | undefined;
  beforeEach(async () => {
    app = await startAppHarness();
    app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
  });
  afterEach(async () => {
    app?.services.queryCache.clear();
    await app?.harness.close();
  });
  return () => {
    if (app === undefined) throw new Error("the app starts in beforeEach");
    return app;
  };
}

/** Renders a page inside the app's services, cache and router, at `path`; returns the router's memory location. */
export function renderAt(app: AppHarness, path: string, page: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <ServicesProvider services={app.services}>
      <QueryClientProvider client={app.queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppRouterProvider>{page}</AppRouterProvider>
        </Router>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return location;
}

import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { UserId } from "../../../domain/shared/ids.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { AppRouterProvider } from "../../app/router-provider.tsx";
import { ServicesProvider } from "../../app/services-context.tsx";

// What the session-review page tests share: a signed-in app on the scripted test server, one
// patient and one of their levels, and rendering a page at an address.

export const PATIENT = 7;
export const LEVEL = 31;
export const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

export const patientWire = {
  id: PATIENT,
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.org",
  birthdate: "1950-04-02",
  status: "active",
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  gender: "female",
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
};

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

import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../adapters/shared/api-client.ts";
import { APP_ROUTES } from "../../domain/shared/navigation/app-route.ts";
import { ROUTE_PAGE_CODE } from "./route-page-code.ts";
import { PREFETCHED_ROUTE_IDS, prefetchRouteData } from "./route-prefetch.ts";
import { PREFETCHED_ROUTES } from "./prefetched-routes.ts";

// Issue 23: the arrival page's chunk and its main reads start together with the user record.
describe("route prefetch on arrival", () => {
  it("is fetched by the signed-in area exactly for the routes it has reads for", () => {
    expect([...PREFETCHED_ROUTES].sort()).toEqual([...PREFETCHED_ROUTE_IDS].sort());
  });

  it("names a page module only for declared routes", () => {
    for (const route of Object.keys(ROUTE_PAGE_CODE)) expect(APP_ROUTES).toContain(route);
  });

  it("starts the session detail's reads under the keys its page uses", async () => {
    const calls: string[] = [];
    const call = vi.fn((endpoint: { path: string }, options?: { params?: Record<string, unknown> }) => {
      calls.push(`${endpoint.path} ${JSON.stringify(options?.params ?? {})}`);
      return new Promise(() => undefined);
    });
    const queryClient = new QueryClient();
    prefetchRouteData("session-detail", {
      params: { id: "7", levelId: "3", trendId: "42" },
      search: "",
      queryClient,
      apiClient: { call } as unknown as ApiClient,
    });
    await Promise.resolve();
    expect(calls).toEqual([
      '/api/patients/:id/ {"id":7}',
      expect.stringContaining("game-levels"),
      '/api/game-session/:id/detailed/ {"id":42}',
    ]);
    expect(queryClient.getQueryState(["session-review", "session", 42])?.fetchStatus).toBe("fetching");
    expect(queryClient.getQueryState(["patients", "detail", 7])?.fetchStatus).toBe("fetching");
  });

  it("asks nothing for an address without a valid id", async () => {
    const call = vi.fn(() => new Promise(() => undefined));
    prefetchRouteData("patient-detail", { params: { id: "abc" }, search: "", queryClient: new QueryClient(), apiClient: { call } as unknown as ApiClient });
    await Promise.resolve();
    expect(call).not.toHaveBeenCalled();
  });
});

import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../adapters/shared/api-client.ts";
import { neighbourQueries, reviewWalkOf } from "../../domain/review-queue/index.ts";
import { GameSessionId, PatientId } from "../../domain/shared/ids.ts";
import { APP_ROUTES } from "../../domain/shared/navigation/app-route.ts";
import { reviewQueueKeys } from "../features/review-queue/index.ts";
import { ROUTE_PAGE_CODE } from "./feature-pages.ts";
import { arrivalPrefetchOf, ROUTE_PREFETCH } from "./prefetched-routes.ts";

// Issue 23: the arrival page's chunk and its main reads start together with the user record.
const recordingClient = () => {
  const calls: string[] = [];
  const call = vi.fn((endpoint: { path: string }, options?: { params?: Record<string, unknown> }) => {
    calls.push(`${endpoint.path} ${JSON.stringify(options?.params ?? {})}`);
    return new Promise(() => undefined);
  });
  return { calls, call, apiClient: { call } as unknown as ApiClient };
};

describe("reads started on arrival", () => {
  it("names page modules and reads only for declared routes", () => {
    for (const route of [...Object.keys(ROUTE_PAGE_CODE), ...Object.keys(ROUTE_PREFETCH)]) expect(APP_ROUTES).toContain(route);
  });

  it("finds the reads of an address, and none for a page without", () => {
    expect(arrivalPrefetchOf("/details-panel/patient/7/level/3/trend/42", "", false)).toBe(ROUTE_PREFETCH["session-detail"]);
    expect(arrivalPrefetchOf("/patients", "", false)).toBe(ROUTE_PREFETCH.patients);
    expect(arrivalPrefetchOf("/dashboard", "", false)).toBeUndefined();
    expect(arrivalPrefetchOf("/nowhere", "", false)).toBeUndefined();
  });

  // Issue 35: at a bare address the boot script's reads are every read the module would ask
  // (boot-reads.test.ts), so the module is not loaded; a query string changes the reads.
  it("loads no reads' module at a bare address whose reads the boot script started, and one with a query string", () => {
    expect(arrivalPrefetchOf("/details-panel/patient/7/level/3/trend/42", "", true)).toBeUndefined();
    expect(arrivalPrefetchOf("/patient/7", "", true)).toBeUndefined();
    expect(arrivalPrefetchOf("/details-panel/patient/7/level/3/trend/42", "queue=caseload", true)).toBe(ROUTE_PREFETCH["session-detail"]);
    expect(arrivalPrefetchOf("/patients", "page=2", true)).toBe(ROUTE_PREFETCH.patients);
  });

  it("starts the session detail's reads under the keys its page uses", async () => {
    const { calls, apiClient } = recordingClient();
    const queryClient = new QueryClient();
    const reads = await ROUTE_PREFETCH["session-detail"]!();
    reads.prefetch({ params: { id: "7", levelId: "3", trendId: "42" }, search: "", queryClient, apiClient });
    await Promise.resolve();
    expect(calls).toEqual([
      '/api/patients/:id/ {"id":7}',
      expect.stringContaining("game-levels"),
      '/api/game-session/:id/detailed/ {"id":42}',
      expect.stringContaining("review-queue"),
      expect.stringContaining("review-queue"),
    ]);
    expect(queryClient.getQueryState(["session-review", "session", 42])?.fetchStatus).toBe("fetching");
    expect(queryClient.getQueryState(["patients", "detail", 7])?.fetchStatus).toBe("fetching");
    // The previous/next steps of the patient's walk, under the keys the page's links read (issue 35).
    const walk = reviewWalkOf(PatientId.make(7), GameSessionId.make(42), new URLSearchParams(""));
    for (const step of Object.values(neighbourQueries(walk))) expect(queryClient.getQueryState(reviewQueueKeys.step(step))?.fetchStatus).toBe("fetching");
  });

  it("does not ask again for a session this load has already read (the page mounted first, issue 35)", async () => {
    const { calls, apiClient } = recordingClient();
    const queryClient = new QueryClient();
    queryClient.setQueryData(["session-review", "session", 42], { id: 42 });
    const reads = await ROUTE_PREFETCH["session-detail"]!();
    reads.prefetch({ params: { id: "7", levelId: "3", trendId: "42" }, search: "", queryClient, apiClient });
    await Promise.resolve();
    expect(calls.filter((call) => call.includes("detailed"))).toEqual([]);
    expect(calls.some((call) => call.startsWith("/api/patients/:id/ "))).toBe(true);
  });

  it("asks the steps of the walk the address names: the caseload's, only correctable sessions", async () => {
    const { apiClient } = recordingClient();
    const queryClient = new QueryClient();
    const reads = await ROUTE_PREFETCH["session-detail"]!();
    reads.prefetch({ params: { id: "7", levelId: "3", trendId: "42" }, search: "?queue=caseload&only=correctable", queryClient, apiClient });
    await Promise.resolve();
    const steps = queryClient.getQueryCache().findAll({ queryKey: reviewQueueKeys.all }).map((query) => query.queryKey);
    expect(steps).toEqual([
      ["review-queue", "step", "caseload", null, 42, "next", "correctable"],
      ["review-queue", "step", "caseload", null, 42, "previous", "correctable"],
    ]);
  });

  it("asks nothing for an address without a valid id", async () => {
    const { call, apiClient } = recordingClient();
    const reads = await ROUTE_PREFETCH["patient-detail"]!();
    reads.prefetch({ params: { id: "abc" }, search: "", queryClient: new QueryClient(), apiClient });
    await Promise.resolve();
    expect(call).not.toHaveBeenCalled();
  });

  it("asks the patients list with the filters the address names", async () => {
    const { call, apiClient } = recordingClient();
    const queryClient = new QueryClient();
    const reads = await ROUTE_PREFETCH.patients!();
    reads.prefetch({ params: {}, search: "?search=ann", queryClient, apiClient });
    await Promise.resolve();
    expect(call).toHaveBeenCalledTimes(1);
    const listed = queryClient.getQueryCache().findAll({ queryKey: ["patients", "list"] });
    expect(listed.map((query) => (query.queryKey[2] as { search: string }).search)).toEqual(["ann"]);
  });
});

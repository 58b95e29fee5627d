import { focusManager, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failureFromHttp } from "../../adapters/shared/api-failure.ts";
import { createQueryClient } from "./query-client.ts";
import { CACHE_POLICY, type CachePolicy, DEFAULT_CACHE_POLICY, queryOptionsOf } from "./cache-policy.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe("the app's query client (spec section 9)", () => {
  it("keeps data fresh for exactly one minute by default", async () => {
    const client = createQueryClient();
    // No staleTime of its own: the client's default decides, as for every hook that names none.
    const observer = new QueryObserver(client, { queryKey: ["any"], queryFn: () => Promise.resolve("rows") });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toBe("rows");
    // Outside a browser TanStack schedules no stale timer, so the result is computed anew from the clock.
    const isStaleNow = () => observer.getOptimisticResult(client.defaultQueryOptions(observer.options)).isStale;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(isStaleNow()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isStaleNow()).toBe(true);
    unsubscribe();
    client.clear();
  });

  it("tries a failed read twice more by default, then gives up", async () => {
    const client = createQueryClient();
    const read = vi.fn(() => Promise.reject(new Error("down")));
    const observer = new QueryObserver(client, { queryKey: ["failing"], queryFn: read });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().isError).toBe(true);
    unsubscribe();
    client.clear();
  });

  it("does not read again when the window regains focus", async () => {
    const client = createQueryClient();
    const read = vi.fn(() => Promise.resolve("rows"));
    const observer = new QueryObserver(client, { queryKey: ["focused"], queryFn: read, staleTime: 0 });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    expect(read).toHaveBeenCalledTimes(1);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(read).toHaveBeenCalledTimes(1);
    unsubscribe();
    client.clear();
  });

  it("never counts the current user's record stale, and retries the admin and staff lists once", async () => {
    const client = createQueryClient();
    const me = new QueryObserver(client, { queryKey: ["me"], queryFn: () => Promise.resolve("record"), ...queryOptionsOf(CACHE_POLICY.currentUser) });
    const stopMe = me.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(me.getOptimisticResult(client.defaultQueryOptions(me.options)).isStale).toBe(false);
    stopMe();

    const read = vi.fn(() => Promise.reject(new Error("down")));
    const observer = new QueryObserver(client, { queryKey: ["admins"], queryFn: read, ...queryOptionsOf(CACHE_POLICY.adminList) });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(2);
    unsubscribe();
    client.clear();
  });

  it("holds the section 9 numbers for each named query, the default filling what an exception leaves out", () => {
    const effective = (policy: Partial<CachePolicy>) => {
      const { staleTimeMs, retries } = { ...DEFAULT_CACHE_POLICY, ...policy };
      return [staleTimeMs, retries];
    };
    expect(effective({})).toEqual([60_000, 2]);
    expect(Object.fromEntries(Object.entries(CACHE_POLICY).map(([name, policy]) => [name, effective(policy)]))).toEqual({
      currentUser: [Number.POSITIVE_INFINITY, 2],
      institutionList: [Number.POSITIVE_INFINITY, 2],
      institutionDetail: [60_000, 2],
      adminList: [60_000, 1],
      adminDetail: [60_000, 2],
      staffList: [60_000, 1],
      patientDetail: [10_000, 2],
      sessionDetail: [0, 2],
    });
  });

  it("states only an exception's own options, so the client's default decides the rest", () => {
    expect(queryOptionsOf(CACHE_POLICY.currentUser)).toEqual({ staleTime: Number.POSITIVE_INFINITY });
    // Issue 31: the retry is a decision by status (retry-policy.ts), one more try for the staff list.
    const staff = queryOptionsOf(CACHE_POLICY.staffList);
    expect(Object.keys(staff).sort()).toEqual(["retry", "staleTime"]);
    expect(staff.staleTime).toBe(60_000);
    expect([0, 1].map((count) => staff.retry?.(count, new Error("down")))).toEqual([true, false]);
  });

  it("never tries a refused record again: a 403 or a 404 shows at once, by default and in every exception", async () => {
    const client = createQueryClient();
    for (const [status, code] of [[403, "ERROR_001"], [404, "ERROR_030"]] as const) {
      for (const options of [{}, queryOptionsOf(CACHE_POLICY.institutionDetail), queryOptionsOf(CACHE_POLICY.adminList)]) {
        const read = vi.fn(() => Promise.reject(failureFromHttp(status, { code, message: "refused", detail: null, id: "r" })));
        const observer = new QueryObserver(client, { queryKey: ["refused", status, Object.keys(options).length, Math.random()], queryFn: read, ...options });
        const unsubscribe = observer.subscribe(() => undefined);
        await vi.advanceTimersByTimeAsync(0);
        expect(observer.getCurrentResult().isError).toBe(true);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(read).toHaveBeenCalledTimes(1);
        unsubscribe();
      }
    }
    // A fault of the server's own is still tried twice more.
    const faulty = vi.fn(() => Promise.reject(failureFromHttp(503, { code: "ERROR_001", message: "down", detail: null, id: "r" })));
    const observer = new QueryObserver(client, { queryKey: ["faulty"], queryFn: faulty });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(faulty).toHaveBeenCalledTimes(3);
    unsubscribe();
    client.clear();
  });
});

import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { subscribeToCachedData } from "./cache-data-changes.ts";

// Issue 35: the shell's breadcrumb reads cached answers again when, and only when, one may have changed.
describe("subscribeToCachedData", () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
  afterEach(() => client.clear());

  const watch = () => {
    let filtered = 0;
    let every = 0;
    const stopFiltered = subscribeToCachedData(client.getQueryCache(), () => (filtered += 1));
    const stopEvery = client.getQueryCache().subscribe(() => (every += 1));
    return {
      counts: () => ({ filtered, every }),
      stop: () => {
        stopFiltered();
        stopEvery();
      },
    };
  };

  it("tells of a fetched answer, a write and a removal, and of none of the fetch's or observers' other events", async () => {
    const watching = watch();
    const observer = new QueryObserver(client, { queryKey: ["patient", 1], queryFn: async () => ({ first_name: "Ann" }) });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.fetchQuery({ queryKey: ["patient", 1], queryFn: async () => ({ first_name: "Ann" }) });
    const afterFetch = watching.counts();
    // Added, and its answer stored (once per fetch that answered): the cache told several times more.
    expect(afterFetch.filtered).toBeGreaterThanOrEqual(2);
    expect(afterFetch.filtered).toBeLessThan(afterFetch.every);

    const before = watching.counts().filtered;
    // Marked stale (no refetch) and an observer gone: the cache tells of both, the data is the same.
    const everyBefore = watching.counts().every;
    client.getQueryCache().find({ queryKey: ["patient", 1] })?.invalidate();
    unsubscribe();
    expect(watching.counts().every).toBeGreaterThan(everyBefore);
    expect(watching.counts().filtered).toBe(before);

    client.setQueryData(["patient", 1], { first_name: "Anne" });
    expect(watching.counts().filtered).toBe(before + 1);
    client.removeQueries({ queryKey: ["patient", 1] });
    expect(watching.counts().filtered).toBe(before + 2);
    watching.stop();
  });

  it("tells of a query put back to its first state (a reset)", async () => {
    client.setQueryData(["session", 7], { id: 7 });
    const watching = watch();
    await client.resetQueries({ queryKey: ["session", 7] });
    expect(watching.counts().filtered).toBeGreaterThanOrEqual(1);
    expect(client.getQueryData(["session", 7])).toBeUndefined();
    watching.stop();
  });

  it("stops telling once stopped", () => {
    const watching = watch();
    watching.stop();
    client.setQueryData(["patient", 2], { first_name: "Bo" });
    expect(watching.counts()).toEqual({ filtered: 0, every: 0 });
  });
});

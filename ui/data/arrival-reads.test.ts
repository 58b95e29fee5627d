import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { endArrival, markArrivalRead, refetchUnlessArrivalRead } from "./arrival-reads.ts";

// With real query caches: a read made anew at every opening (stale at once) is asked once on
// arrival, whatever mounts it; other reads and every opening after the first navigation ask again.

const mountAndSettle = async (client: QueryClient, queryKey: readonly unknown[], queryFn: () => Promise<string>) => {
  const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: 0, refetchOnMount: refetchUnlessArrivalRead });
  const unsubscribe = observer.subscribe(() => undefined);
  await client.getQueryCache().find({ queryKey, exact: true })?.promise?.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  unsubscribe();
};

describe("the reads of the page one arrives at", () => {
  it("are that opening's reads: its mounts ask nothing more until the first navigation; other reads are asked again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let detailReads = 0;
    const detail = async () => `detail ${++detailReads}`;
    await client.prefetchQuery({ queryKey: ["session", 1], queryFn: detail, staleTime: 0 });
    markArrivalRead(client, ["session", 1]);
    let otherReads = 0;
    const other = async () => `other ${++otherReads}`;
    await client.prefetchQuery({ queryKey: ["session", 2], queryFn: other, staleTime: 0 });

    // Mounted twice on the arrival page (a re-render, a second hook): still the one read.
    await mountAndSettle(client, ["session", 1], detail);
    await mountAndSettle(client, ["session", 1], detail);
    expect(detailReads).toBe(1);
    // A read the arrival did not start is stale at once and asked again on mount, as before.
    await mountAndSettle(client, ["session", 2], other);
    expect(otherReads).toBe(2);

    // After a navigation, opening the page again reads it anew.
    endArrival();
    await mountAndSettle(client, ["session", 1], detail);
    expect(detailReads).toBe(2);
  });
});

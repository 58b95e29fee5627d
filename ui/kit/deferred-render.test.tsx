// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SETTLE_PATIENCE_MS, type ShownQuery, useDeferredArrival, useDeferredQuery, useSettledOnce } from "./deferred-render.tsx";

// Issue 35: a query's first answer arrives in a blocking render; the page it mounts must come in a
// deferred render after it, and nothing after that first arrival may wait.
describe("useDeferredArrival", () => {
  it("shows the first arrival in the render after the one that brings it, and every later value at once", async () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = renderHook(
      ({ data }: { data: string | undefined }) => {
        const shown = useDeferredArrival(data);
        seen.push(shown);
        return shown;
      },
      { initialProps: { data: undefined as string | undefined } },
    );
    expect(seen).toEqual([undefined]);

    // act runs the deferred render too; the log shows the render that brought the data first.
    await act(async () => rerender({ data: "first" }));
    const afterArrival = seen.slice(1);
    expect(afterArrival[0]).toBeUndefined();
    expect(afterArrival.at(-1)).toBe("first");

    seen.length = 0;
    await act(async () => rerender({ data: "second" }));
    // Every render shows it, the first included (React's own catch-up render may follow).
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["second"]));
  });

  it("shows data it mounts with at once", () => {
    const seen: (string | undefined)[] = [];
    renderHook(() => {
      const shown = useDeferredArrival("cached");
      seen.push(shown);
      return shown;
    });
    expect(seen).toEqual(["cached"]);
  });

  it("shows nothing once the data is gone", async () => {
    const { result, rerender } = renderHook(({ data }: { data: string | undefined }) => useDeferredArrival(data), { initialProps: { data: "cached" as string | undefined } });
    await act(async () => rerender({ data: undefined }));
    expect(result.current).toBeUndefined();
  });
});

// Issue 35, layout shift: a page's first view waits for reads drawn above others, once per key.
// A record's section: while its first answer waits for the deferred render, the query still reads
// as pending (its loading line stays, nothing moves); the answer then shows, and later ones at once.
describe("useDeferredQuery", () => {
  const queryOf = (data: string | undefined): ShownQuery<string> => ({ data, isPending: data === undefined, isError: false, error: null, isFetching: false, refetch: () => undefined });

  it("reads as pending until the deferred render shows the first answer, then shows each later one at once", async () => {
    const seen: { data: string | undefined; isPending: boolean }[] = [];
    const { rerender } = renderHook(
      ({ query }: { query: ShownQuery<string> }) => {
        const shown = useDeferredQuery(query);
        seen.push({ data: shown.data, isPending: shown.isPending });
        return shown;
      },
      { initialProps: { query: queryOf(undefined) } },
    );
    await act(async () => rerender({ query: queryOf("first") }));
    const afterArrival = seen.slice(1);
    expect(afterArrival[0]).toEqual({ data: undefined, isPending: true });
    expect(afterArrival.at(-1)).toEqual({ data: "first", isPending: false });
    // No render in between showed the section as loaded without its answer.
    expect(afterArrival.filter((each) => each.data === undefined && !each.isPending)).toEqual([]);

    seen.length = 0;
    await act(async () => rerender({ query: queryOf("second") }));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((each) => each.data === "second" && !each.isPending)).toBe(true);
  });

  it("passes a failure through at once", () => {
    const failed = { ...queryOf(undefined), isPending: false, isError: true, error: new Error("refused") };
    const { result } = renderHook(() => useDeferredQuery(failed));
    expect(result.current).toBe(failed);
  });
});

describe("useSettledOnce", () => {
  type Props = { key: string; settled: boolean };
  const render = (initialProps: Props) => renderHook(({ key, settled }: Props) => useSettledOnce(key, settled), { initialProps });

  it("holds until the reads have settled, then never again for the same key", async () => {
    const { result, rerender } = render({ key: "session 1", settled: false });
    expect(result.current).toBe(false);
    await act(async () => rerender({ key: "session 1", settled: true }));
    expect(result.current).toBe(true);
    // The walk's filter switched: its reads start over, the page stays as it is.
    await act(async () => rerender({ key: "session 1", settled: false }));
    expect(result.current).toBe(true);
  });

  it("holds a new key again until its reads have settled", async () => {
    const { result, rerender } = render({ key: "session 1", settled: true });
    expect(result.current).toBe(true);
    await act(async () => rerender({ key: "session 2", settled: false }));
    expect(result.current).toBe(false);
    await act(async () => rerender({ key: "session 2", settled: true }));
    expect(result.current).toBe(true);
  });

  it("shows the view after its patience when the reads never settle, and not before", async () => {
    vi.useFakeTimers();
    try {
      const { result } = render({ key: "session 1", settled: false });
      await act(async () => vi.advanceTimersByTime(SETTLE_PATIENCE_MS - 100));
      expect(result.current).toBe(false);
      await act(async () => vi.advanceTimersByTime(100));
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

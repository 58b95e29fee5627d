// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAddressSearch } from "./use-address-search.ts";

// The search box against an address that catches up late: keys typed after a search settled are
// kept, and only an address that changed on its own (Back, a link) replaces what is typed.
const DELAY = 300;

describe("useAddressSearch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps keys typed while the address catches up with the settled search", () => {
    const written: string[] = [];
    const { result, rerender } = renderHook(({ address }) => useAddressSearch(address, (settled) => written.push(settled), DELAY), {
      initialProps: { address: "" },
    });
    act(() => result.current[1]("zz"));
    act(() => vi.advanceTimersByTime(DELAY));
    expect(written).toEqual(["zz"]);
    // A third key before the address shows "zz".
    act(() => result.current[1]("zzz"));
    rerender({ address: "zz" });
    expect(result.current[0]).toBe("zzz");
    act(() => vi.advanceTimersByTime(DELAY));
    expect(written).toEqual(["zz", "zzz"]);
  });

  it("follows an address that changed on its own, without writing it back", () => {
    const written: string[] = [];
    const { result, rerender } = renderHook(({ address }) => useAddressSearch(address, (settled) => written.push(settled), DELAY), {
      initialProps: { address: "ada" },
    });
    expect(result.current[0]).toBe("ada");
    rerender({ address: "" });
    expect(result.current[0]).toBe("");
    act(() => vi.advanceTimersByTime(DELAY));
    expect(written).toEqual([]);
  });

  it("writes one settled search for a burst of keys, trimmed", () => {
    const written: string[] = [];
    const { result } = renderHook(() => useAddressSearch("", (settled) => written.push(settled), DELAY));
    for (const text of ["a", "ad", "ada "]) act(() => result.current[1](text));
    act(() => vi.advanceTimersByTime(DELAY));
    expect(written).toEqual(["ada"]);
  });
});

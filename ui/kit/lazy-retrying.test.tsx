// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { Component, type ReactNode, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyRetrying } from "./lazy-retrying.ts";

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The page fell over</p> : this.props.children;
  }
}

const Part = () => <p>The part arrived</p>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("lazyRetrying", () => {
  it("asks for a chunk that failed again after its waits, showing the fallback meanwhile and never the error boundary", async () => {
    vi.useFakeTimers();
    let tries = 0;
    const Lazy = lazyRetrying(async () => {
      tries += 1;
      if (tries < 3) throw new TypeError("Failed to fetch dynamically imported module");
      return Part;
    }, [1_000, 5_000]);
    render(
      <Boundary>
        <Suspense fallback={<p>Waiting</p>}>
          <Lazy />
        </Suspense>
      </Boundary>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(tries).toBe(1);
    expect(screen.getByText("Waiting")).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(tries).toBe(2);
    // The second wait is the longer one: nothing is asked for before it has passed.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(tries).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(tries).toBe(3);
    expect(screen.getByText("The part arrived")).toBeTruthy();
    expect(screen.queryByText("The page fell over")).toBeNull();
  });

  it("offline, waits for the browser's online event instead of a timer", async () => {
    vi.useFakeTimers();
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    let tries = 0;
    const Lazy = lazyRetrying(async () => {
      tries += 1;
      if (tries < 2) throw new TypeError("Failed to fetch dynamically imported module");
      return Part;
    }, [1_000]);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Lazy />
      </Suspense>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(tries).toBe(1);
    online.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(tries).toBe(2);
    expect(screen.getByText("The part arrived")).toBeTruthy();
  });
});

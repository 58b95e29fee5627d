// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AfterFirstPageHeading } from "./after-first-page-heading.tsx";

// The module keeps "shown" for the whole visit, so each case takes a fresh copy.
const freshAfterFirstPageHeading = async (): Promise<typeof AfterFirstPageHeading> => {
  vi.resetModules();
  return (await import("./after-first-page-heading.tsx")).AfterFirstPageHeading;
};

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("AfterFirstPageHeading", () => {
  it("holds its children back until the page's h1 is in <main>, then keeps them through later pages", async () => {
    const After = await freshAfterFirstPageHeading();
    const view = render(
      <>
        <main>{null}</main>
        <After>
          <p>idle sign-off</p>
        </After>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("idle sign-off")).toBeNull();

    view.rerender(
      <>
        <main>
          <h1>Dashboard</h1>
        </main>
        <After>
          <p>idle sign-off</p>
        </After>
      </>,
    );
    expect(await screen.findByText("idle sign-off")).toBeTruthy();

    // The next page's loading state has no h1: what already loaded stays.
    view.rerender(
      <>
        <main>{null}</main>
        <After>
          <p>idle sign-off</p>
        </After>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("idle sign-off")).not.toBeNull();
  });

  it("does not count an h1 that React hides while the next page loads", async () => {
    const After = await freshAfterFirstPageHeading();
    render(
      <>
        <main>
          <div style={{ display: "none" }}>
            <h1>Old page</h1>
          </div>
        </main>
        <After>
          <p>chat stream</p>
        </After>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("chat stream")).toBeNull();
  });

  it("does not count a loading screen's h1: <main> busy, or a busy status in it", async () => {
    const After = await freshAfterFirstPageHeading();
    const view = render(
      <>
        <main aria-busy="true">
          <h1>Loading the portal</h1>
        </main>
        <After>
          <p>chat stream</p>
        </After>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("chat stream")).toBeNull();

    view.rerender(
      <>
        <main>
          <h1>Session detail</h1>
          <div role="status" aria-busy="true">
            Loading the session…
          </div>
        </main>
        <After>
          <p>chat stream</p>
        </After>
      </>,
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("chat stream")).toBeNull();

    view.rerender(
      <>
        <main>
          <h1>Naming session</h1>
        </main>
        <After>
          <p>chat stream</p>
        </After>
      </>,
    );
    expect(await screen.findByText("chat stream")).toBeTruthy();
  });

  it("still renders them after its fallback when no page ever shows an h1, so the idle sign-off always arms", async () => {
    vi.useFakeTimers();
    const After = await freshAfterFirstPageHeading();
    render(
      <>
        <main>{null}</main>
        <After>
          <p>idle sign-off</p>
        </After>
      </>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText("idle sign-off")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText("idle sign-off")).not.toBeNull();
  });
});

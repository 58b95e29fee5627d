// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_TIMEOUT_MS } from "./toast-constants.ts";
import { clearToasts, showToast } from "./toast-queue.ts";
import { isDismissingSwipe, ToastRegion } from "./toast-region.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

const renderRegion = () =>
  render(
    <>
      <button type="button">Somewhere else</button>
      <ToastRegion />
    </>,
  );
const toasts = () => screen.queryAllByRole("alertdialog");

describe("ToastRegion", () => {
  it("shows one toast at a time: the newest first, the one it covered after it closes itself at 5000 ms", () => {
    renderRegion();
    act(() => {
      showToast({ title: "Patient saved" });
      showToast({ title: "Exercise assigned", description: "Word Match, level 2" });
    });
    expect(toasts()).toHaveLength(1);
    expect(screen.getByText("Exercise assigned")).toBeTruthy();
    expect(screen.getByText("Word Match, level 2")).toBeTruthy();
    expect(screen.queryByText("Patient saved")).toBeNull();

    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1));
    expect(screen.getByText("Exercise assigned")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Exercise assigned")).toBeNull();
    expect(screen.getByText("Patient saved")).toBeTruthy();
    // The covered toast gets its full time again once shown.
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS));
    expect(toasts()).toHaveLength(0);
  });

  it("keeps the toast while the pointer rests on it", () => {
    renderRegion();
    act(() => void showToast({ title: "Patient saved" }));
    const region = screen.getByRole("region", { name: "Notifications" });
    fireEvent.pointerEnter(region, { pointerType: "mouse" });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS * 2));
    expect(screen.getByText("Patient saved")).toBeTruthy();
  });

  it("announces success politely and destructive news assertively; success is the default variant", () => {
    renderRegion();
    act(() => void showToast({ title: "Patient saved" }));
    const polite = toasts()[0];
    expect(polite?.getAttribute("data-variant")).toBe("success");
    expect(within(polite as HTMLElement).getByRole("status").textContent).toContain("Patient saved");
    act(() => clearToasts());
    act(() => void showToast({ title: "Could not save", variant: "destructive" }));
    expect(within(toasts()[0] as HTMLElement).getByRole("alert").textContent).toContain("Could not save");
  });

  it("moves focus to the toast on F8, and Escape closes it", () => {
    renderRegion();
    const elsewhere = screen.getByRole("button", { name: "Somewhere else" });
    act(() => elsewhere.focus());
    act(() => void showToast({ title: "Patient saved" }));
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement).toBe(toasts()[0]);
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(toasts()).toHaveLength(0);
  });

  it("closes with its close button", () => {
    renderRegion();
    act(() => void showToast({ title: "Patient saved" }));
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(toasts()).toHaveLength(0);
  });

  it("is dismissed by a swipe right past 50 px, not by a shorter one", () => {
    renderRegion();
    act(() => void showToast({ title: "Patient saved" }));
    const swipe = (distance: number) => {
      const toast = toasts()[0] as HTMLElement;
      fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100 });
      fireEvent.pointerMove(toast, { pointerId: 1, clientX: 100 + distance });
      fireEvent.pointerUp(toast, { pointerId: 1, clientX: 100 + distance });
    };
    swipe(40);
    expect(toasts()).toHaveLength(1);
    swipe(51);
    expect(toasts()).toHaveLength(0);
  });

  it("treats exactly 50 px as not yet a swipe", () => {
    expect(isDismissingSwipe(50)).toBe(false);
    expect(isDismissingSwipe(50.5)).toBe(true);
    expect(isDismissingSwipe(-80)).toBe(false);
  });
});

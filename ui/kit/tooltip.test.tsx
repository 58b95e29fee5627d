// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_DELAY_MS } from "../feedback/toast-constants.ts";
import { Button } from "./button.tsx";
import { Tooltip } from "./tooltip.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe("Tooltip", () => {
  it("appears 700 ms after the pointer rests on its trigger, and describes it", () => {
    render(
      <Tooltip content="ann.lee.long.address@clinic.org">
        <Button variant="secondary">Email</Button>
      </Tooltip>,
    );
    const trigger = screen.getByRole("button", { name: "Email" });
    // React Aria shows hover tooltips only while the pointer is the input in use.
    fireEvent.pointerDown(document.body, { pointerType: "mouse" });
    fireEvent.pointerUp(document.body, { pointerType: "mouse" });
    fireEvent.pointerOver(trigger, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip.textContent).toBe("ann.lee.long.address@clinic.org");
    expect(trigger.getAttribute("aria-describedby")).toBe(tooltip.id);
  });

  it("opens for keyboard focus too, and Escape closes it", () => {
    render(
      <Tooltip content="Full text">
        <Button variant="secondary">Short</Button>
      </Tooltip>,
    );
    fireEvent.keyDown(document.body, { key: "Tab" });
    const trigger = screen.getByRole("button", { name: "Short" });
    act(() => trigger.focus());
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole("tooltip").textContent).toBe("Full text");
    fireEvent.keyDown(trigger, { key: "Escape" });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});

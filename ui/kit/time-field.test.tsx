// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TimeField } from "./time-field.tsx";

function Start({ onChange, initial = "" }: { onChange: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeField
      label="Start time"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe("TimeField", () => {
  it("shows hour, minute and AM/PM as named segments", () => {
    render(<Start onChange={() => undefined} initial="14:05" />);
    expect(screen.getByRole("group", { name: "Start time" })).toBeTruthy();
    const values = screen.getAllByRole("spinbutton").map((segment) => segment.getAttribute("aria-valuetext"));
    expect(values.slice(0, 2)).toEqual(["2 PM", "05"]);
  });

  it("hands over HH:mm when a segment is stepped or typed by keyboard", async () => {
    const onChange = vi.fn();
    render(<Start onChange={onChange} initial="09:30" />);
    const [hour, minute] = screen.getAllByRole("spinbutton");
    fireEvent.keyDown(hour as HTMLElement, { key: "ArrowUp" });
    expect(onChange).toHaveBeenLastCalledWith("10:30");
    (minute as HTMLElement).focus();
    await userEvent.keyboard("45");
    expect(onChange).toHaveBeenLastCalledWith("10:45");
  });

  it("focuses its first segment when asked to", () => {
    render(<TimeField label="Start time" value="09:30" onChange={() => undefined} autoFocus />);
    expect(document.activeElement).toBe(screen.getAllByRole("spinbutton")[0]);
  });
});

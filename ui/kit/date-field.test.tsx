// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DateField } from "./date-field.tsx";

// Example: a patient's birthdate, which travels as yyyy-MM-dd.
function Birthdate({ onChange, initial = "" }: { onChange: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date of birth"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe("DateField", () => {
  it("shows month, day and year as named segments in US order", async () => {
    render(<Birthdate onChange={() => undefined} initial="1950-03-07" />);
    const segments = await screen.findAllByRole("spinbutton");
    expect(segments.map((segment) => segment.getAttribute("aria-valuetext"))).toEqual(["3 – March", "7", "1950"]);
    expect(screen.getByRole("group", { name: "Date of birth" })).toBeTruthy();
  });

  it("hands over yyyy-MM-dd when a segment is stepped by keyboard", async () => {
    const onChange = vi.fn();
    render(<Birthdate onChange={onChange} initial="1950-03-07" />);
    const [, day] = await screen.findAllByRole("spinbutton");
    fireEvent.keyDown(day as HTMLElement, { key: "ArrowUp" });
    expect(onChange).toHaveBeenLastCalledWith("1950-03-08");
  });

  it("holds its place with a read-only field showing the date until its code arrives, then gives the focus to the month", async () => {
    vi.resetModules();
    const { DateField: Fresh } = await import("./date-field.tsx");
    render(<Fresh label="Date of birth" value="1950-03-07" onChange={() => undefined} />);
    const placeholder = screen.getByRole<HTMLInputElement>("textbox", { name: "Date of birth" });
    expect(placeholder.value).toBe("03/07/1950");
    expect(placeholder.readOnly).toBe(true);
    act(() => placeholder.focus());
    const [month] = await screen.findAllByRole("spinbutton");
    expect(screen.queryByRole("textbox", { name: "Date of birth" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(month));
  });
});

// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
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
  it("shows month, day and year as named segments in US order", () => {
    render(<Birthdate onChange={() => undefined} initial="1950-03-07" />);
    const segments = screen.getAllByRole("spinbutton");
    expect(segments.map((segment) => segment.getAttribute("aria-valuetext"))).toEqual(["3 – March", "7", "1950"]);
    expect(screen.getByRole("group", { name: "Date of birth" })).toBeTruthy();
  });

  it("hands over yyyy-MM-dd when a segment is stepped by keyboard", () => {
    const onChange = vi.fn();
    render(<Birthdate onChange={onChange} initial="1950-03-07" />);
    const [, day] = screen.getAllByRole("spinbutton");
    fireEvent.keyDown(day as HTMLElement, { key: "ArrowUp" });
    expect(onChange).toHaveBeenLastCalledWith("1950-03-08");
  });
});

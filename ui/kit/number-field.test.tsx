// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { NumberField } from "./number-field.tsx";

// Example: a limit in an exercise's settings.
function Limit({ onValue }: { onValue: (value: number | null) => void }) {
  const [text, setText] = useState("");
  return (
    <NumberField
      label="Maximum attempts"
      value={text}
      onChange={(next, value) => {
        setText(next);
        onValue(value);
      }}
    />
  );
}

describe("NumberField", () => {
  it("refuses the keys of a sign or an exponent and lets digits through", () => {
    render(<Limit onValue={() => undefined} />);
    const input = screen.getByRole("textbox", { name: "Maximum attempts" });
    for (const key of ["-", "+", "e", "E"]) expect(fireEvent.keyDown(input, { key })).toBe(false);
    expect(fireEvent.keyDown(input, { key: "5" })).toBe(true);
    expect(input.getAttribute("inputmode")).toBe("decimal");
  });

  it("hands over a number only for a plain non-negative decimal", () => {
    const onValue = vi.fn();
    render(<Limit onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "Maximum attempts" });
    fireEvent.change(input, { target: { value: "12" } });
    expect(onValue).toHaveBeenLastCalledWith(12);
    fireEvent.change(input, { target: { value: "1e3" } });
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect((input as HTMLInputElement).value).toBe("1e3");
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ComboBoxField } from "./combo-box-field.tsx";

const COUNTRIES = [
  { id: "US", label: "United States" },
  { id: "GB", label: "United Kingdom" },
  { id: "CA", label: "Canada" },
];

// Example: the country picker of the patient form; the caller filters (or asks the server for places).
function Country({ onChange }: { onChange: (id: string | null) => void }) {
  const [text, setText] = useState("");
  const [value, setValue] = useState<string | null>(null);
  const shown = COUNTRIES.filter((country) => country.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <ComboBoxField
      label="Country"
      options={shown}
      inputValue={text}
      onInputChange={setText}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe("ComboBoxField", () => {
  it("filters by what is typed and chooses only a listed place", async () => {
    const onChange = vi.fn();
    render(<Country onChange={onChange} />);
    const input = screen.getByRole("combobox", { name: "Country" });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "united" } });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["United States", "United Kingdom"]);
    fireEvent.click(screen.getByRole("option", { name: "United Kingdom" }));
    expect(onChange).toHaveBeenCalledWith("GB");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("United Kingdom"));
  });
});

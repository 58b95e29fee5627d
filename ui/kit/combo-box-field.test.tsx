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
function Country({ onChange, Field = ComboBoxField }: { onChange: (id: string | null) => void; Field?: typeof ComboBoxField }) {
  const [text, setText] = useState("");
  const [value, setValue] = useState<string | null>(null);
  const shown = COUNTRIES.filter((country) => country.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <Field
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
    const input = await screen.findByRole("combobox", { name: "Country" });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "united" } });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["United States", "United Kingdom"]);
    fireEvent.click(screen.getByRole("option", { name: "United Kingdom" }));
    expect(onChange).toHaveBeenCalledWith("GB");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("United Kingdom"));
  });

  /** A fresh copy of the module, as on a page's first combo box: its code not loaded yet. */
  const freshField = async () => {
    vi.resetModules();
    return (await import("./combo-box-field.tsx")).ComboBoxField;
  };

  it("holds its place with a read-only field of the same name until its code arrives, and keeps the focus of whoever tabbed in", async () => {
    render(<Country onChange={() => undefined} Field={await freshField()} />);
    // Before the chunk: a read-only field named like the combo box, marked busy, takes the focus.
    const placeholder = screen.getByRole<HTMLInputElement>("textbox", { name: "Country" });
    expect(placeholder.readOnly).toBe(true);
    expect(placeholder.getAttribute("aria-busy")).toBe("true");
    act(() => placeholder.focus());
    const input = await screen.findByRole("combobox", { name: "Country" });
    expect(screen.queryByRole("textbox", { name: "Country" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it("does not take the focus when nobody was in the placeholder", async () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <Country onChange={() => undefined} Field={await freshField()} />
      </>,
    );
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    act(() => elsewhere.focus());
    await screen.findByRole("combobox", { name: "Country" });
    expect(document.activeElement).toBe(elsewhere);
  });
});

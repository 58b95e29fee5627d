// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SelectField } from "./select-field.tsx";

const GENDERS = [
  { id: "female", label: "Female" },
  { id: "male", label: "Male" },
];

// Example: the assigned birth gender on the patient form.
function Gender({ onChange }: { onChange: (id: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SelectField
      label="Assigned birth gender"
      options={GENDERS}
      value={value}
      placeholder="Choose one"
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe("SelectField", () => {
  it("opens its labelled list from the button and chooses an option by keyboard", async () => {
    const onChange = vi.fn();
    render(<Gender onChange={onChange} />);
    const button = screen.getByRole("button", { name: /Assigned birth gender/ });
    expect(button.textContent).toContain("Choose one");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const list = await screen.findByRole("listbox", { name: "Assigned birth gender" });
    const male = screen.getByRole("option", { name: "Male" });
    fireEvent.keyDown(list, { key: "ArrowDown" });
    fireEvent.click(male);
    expect(onChange).toHaveBeenCalledWith("male");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    expect(screen.getByRole("button", { name: /Assigned birth gender/ }).textContent).toContain("Male");
  });

  it("never says React Aria's 'Select an item': Choose one by default, and None available (disabled) with nothing to choose", () => {
    render(
      <>
        <SelectField label="Result" options={GENDERS} value={null} onChange={() => {}} />
        <SelectField label="Note type" options={[]} value={null} onChange={() => {}} />
      </>,
    );
    expect(document.body.textContent).not.toContain("Select an item");
    expect(screen.getByRole("button", { name: /Result/ }).textContent).toContain("Choose one");
    const empty = screen.getByRole("button", { name: /Note type/ });
    expect(empty.textContent).toContain("None available");
    expect(empty.hasAttribute("disabled")).toBe(true);
  });
});

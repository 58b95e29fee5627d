// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

/** What a screen reader reads after the field's name: the texts aria-describedby points at. */
function describedByText(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");
}

/** The text of the option the select shows (what a sighted user and a reader see as its value). */
function shown(select: HTMLSelectElement): string {
  return select.selectedOptions[0]?.textContent ?? "";
}

// The browser's own <select>: its keyboard (arrows, typing a label's first letters, Alt+Down) is
// the browser's and jsdom has none, so these tests choose through the change event the browser
// fires; tests/e2e drive the same fields with the keyboard in Chromium.
describe("SelectField", () => {
  it("is named by its label, and choosing an option calls onChange with its id and shows it", async () => {
    const onChange = vi.fn();
    render(<Gender onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Assigned birth gender" });
    expect(select.tagName).toBe("SELECT");
    expect(shown(select)).toBe("Choose one");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Choose one", "Female", "Male"]);

    await userEvent.selectOptions(select, "Male");
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith("male");
    expect(shown(select)).toBe("Male");

    fireEvent.change(select, { target: { value: "female" } });
    expect(onChange).toHaveBeenLastCalledWith("female");
    expect(shown(select)).toBe("Female");
  });

  it("is reached by Tab, and keeps the focus while its value changes", async () => {
    render(
      <>
        <button type="button">Before</button>
        <Gender onChange={() => {}} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Assigned birth gender" });
    expect(document.activeElement).toBe(select);
    await user.selectOptions(select, "female");
    expect(document.activeElement).toBe(select);
    expect(shown(select)).toBe("Female");
  });

  it("cannot choose the placeholder: Choose one is disabled, and once a value is chosen it is gone", async () => {
    const onChange = vi.fn();
    render(<Gender onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Assigned birth gender" });
    const placeholder = screen.getByRole<HTMLOptionElement>("option", { name: "Choose one" });
    expect(placeholder.disabled).toBe(true);

    await userEvent.selectOptions(select, placeholder);
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.selectOptions(select, "male");
    expect(screen.queryByRole("option", { name: "Choose one" })).toBeNull();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Female", "Male"]);
  });

  it("never says React Aria's 'Select an item': Choose one by default, and None available (disabled) with nothing to choose", () => {
    render(
      <>
        <SelectField label="Result" options={GENDERS} value={null} onChange={() => {}} />
        <SelectField label="Note type" options={[]} value={null} onChange={() => {}} />
        <SelectField label="Template" options={[]} value={null} emptyText="No templates yet" onChange={() => {}} />
      </>,
    );
    expect(document.body.textContent).not.toContain("Select an item");
    const result = screen.getByRole<HTMLSelectElement>("combobox", { name: "Result" });
    expect(shown(result)).toBe("Choose one");
    expect(result.disabled).toBe(false);
    const empty = screen.getByRole<HTMLSelectElement>("combobox", { name: "Note type" });
    expect(shown(empty)).toBe("None available");
    expect(empty.disabled).toBe(true);
    expect(shown(screen.getByRole<HTMLSelectElement>("combobox", { name: "Template" }))).toBe("No templates yet");
  });

  it("shows a value given from outside, and a value that is not an option as nothing chosen", () => {
    const { rerender } = render(<SelectField label="Result" options={GENDERS} value="female" onChange={() => {}} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Result" });
    expect(shown(select)).toBe("Female");
    rerender(<SelectField label="Result" options={GENDERS} value="gone" onChange={() => {}} />);
    expect(shown(select)).toBe("Choose one");
  });

  it("announces its description, and when invalid its error, through aria-describedby and aria-invalid", () => {
    const { rerender } = render(<SelectField label="Activity" options={GENDERS} value={null} description="What the time was spent on" onChange={() => {}} />);
    const select = screen.getByRole("combobox", { name: "Activity" });
    expect(describedByText(select)).toBe("What the time was spent on");
    expect(select.getAttribute("aria-invalid")).toBeNull();

    rerender(<SelectField label="Activity" options={GENDERS} value={null} description="What the time was spent on" isInvalid errorMessage="Choose the activity" onChange={() => {}} />);
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(select)).toBe("What the time was spent on | Choose the activity");
    expect(screen.getByText("Choose the activity")).toBeTruthy();

    rerender(<SelectField label="Activity" options={GENDERS} value="male" description="What the time was spent on" onChange={() => {}} />);
    expect(select.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("Choose the activity")).toBeNull();
    expect(describedByText(select)).toBe("What the time was spent on");
  });

  it("is required when asked, so the browser's form validation refuses nothing chosen", () => {
    render(<SelectField label="Assigned birth gender" isRequired options={GENDERS} value={null} onChange={() => {}} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Assigned birth gender" });
    expect(select.required).toBe(true);
    expect(select.validity.valueMissing).toBe(true);
  });
});

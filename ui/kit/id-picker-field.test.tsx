// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { IdPickerField } from "./id-picker-field.tsx";

const PEOPLE = [
  { id: "31", label: "Ada Lee (SLP)" },
  { id: "32", label: "Ann Ray (SLP)" },
];

// Example: the audit log's person filter. The form keeps the id (from the address) and the text;
// the caller looks the chosen one up for `chosenLabel` and asks the server for `options`.
function Person({ initial, known }: { readonly initial: string; readonly known: boolean }) {
  const [value, setValue] = useState(initial);
  const [text, setText] = useState("");
  const chosen = PEOPLE.find((person) => person.id === value);
  return (
    <>
      <IdPickerField
        label="Person"
        value={value}
        text={text}
        chosenLabel={known && chosen !== undefined ? chosen.label : `Person ${value}`}
        options={value === "" && text !== "" ? PEOPLE.filter((person) => person.label.toLowerCase().includes(text.toLowerCase())) : []}
        onTextChange={setText}
        onChange={setValue}
        emptyText="No person matches"
      />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

const chosen = () => screen.getByTestId("chosen").textContent;

describe("IdPickerField", () => {
  it("shows the chosen record's number until its name is known, then the name", async () => {
    const { rerender } = render(<Person initial="31" known={false} />);
    const input = await screen.findByRole<HTMLInputElement>("combobox", { name: "Person" });
    expect(input.value).toBe("Person 31");
    rerender(<Person initial="31" known />);
    await waitFor(() => expect(input.value).toBe("Ada Lee (SLP)"));
    expect(chosen()).toBe("31");
  });

  it("chooses by typing, unchooses when the chosen name is edited, and keeps a text that names no one", async () => {
    render(<Person initial="" known />);
    const input = await screen.findByRole<HTMLInputElement>("combobox", { name: "Person" });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "ann" } });
    fireEvent.click(await screen.findByRole("option", { name: "Ann Ray (SLP)" }));
    await waitFor(() => expect(chosen()).toBe("32"));
    expect(input.value).toBe("Ann Ray (SLP)");
    fireEvent.change(input, { target: { value: "Ann Ra" } });
    expect(chosen()).toBe("");
    fireEvent.change(input, { target: { value: "Zed" } });
    // The list opens on the typing even with nothing in it, and says so.
    expect(await screen.findByText("No person matches")).toBeTruthy();
    act(() => input.blur());
    expect(input.value).toBe("Zed");
    expect(chosen()).toBe("");
  });
});

// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxGroup } from "./checkbox-group.tsx";

// Example: a list's status filter, several of a few.
function StatusFilter({ onChange }: { onChange: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[]>(["active"]);
  return (
    <CheckboxGroup
      label="Status"
      options={[
        { id: "active", label: "Active" },
        { id: "pending", label: "Pending" },
      ]}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

describe("CheckboxGroup", () => {
  it("is a labelled group of real checkboxes, reporting every chosen id", () => {
    const seen: string[][] = [];
    render(<StatusFilter onChange={(ids) => seen.push(ids)} />);
    expect(screen.getByRole("group", { name: "Status" })).toBeTruthy();
    const active = screen.getByRole("checkbox", { name: "Active" }) as HTMLInputElement;
    const pending = screen.getByRole("checkbox", { name: "Pending" }) as HTMLInputElement;
    expect(active.checked).toBe(true);
    // Native inputs: Space and click both toggle them, each is its own Tab stop.
    expect(pending.tabIndex).not.toBe(-1);
    fireEvent.click(pending);
    expect(seen.at(-1)).toEqual(["active", "pending"]);
    expect(pending.checked).toBe(true);
    fireEvent.click(active);
    expect(seen.at(-1)).toEqual(["pending"]);
  });
});

// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxGroup } from "./checkbox-group.tsx";
import { Checkbox } from "./checkbox.tsx";

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

  it("ticks and unticks by keyboard alone: Tab to each box, Space toggles it", async () => {
    const seen: string[][] = [];
    const user = userEvent.setup();
    render(<StatusFilter onChange={(ids) => seen.push(ids)} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Active" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Pending" }));
    await user.keyboard(" ");
    expect(seen.at(-1)).toEqual(["active", "pending"]);
    await user.keyboard(" ");
    expect(seen.at(-1)).toEqual(["active"]);
  });

  it("reports the ids in the options' order, whatever order they were ticked in", () => {
    const seen: string[][] = [];
    render(
      <CheckboxGroup
        label="Review"
        options={[
          { id: "pending", label: "Pending review" },
          { id: "reviewed", label: "Reviewed" },
        ]}
        value={["reviewed"]}
        onChange={(ids) => seen.push(ids)}
      />,
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Pending review" }));
    expect(seen).toEqual([["pending", "reviewed"]]);
  });

  it("in a form, reads its hint and its error with the group and says each box is required while none is ticked", () => {
    const options = [
      { id: "naming", label: "Naming" },
      { id: "parrot", label: "Parrot" },
    ];
    const { rerender } = render(
      <CheckboxGroup label="Exercises (any of)" options={options} value={[]} onChange={() => undefined} description="One or more" isRequired isInvalid errorMessage="The game is required" />,
    );
    const group = screen.getByRole("group", { name: "Exercises (any of)" });
    expect(group.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent)).toEqual(["One or more", "The game is required"]);
    for (const box of screen.getAllByRole("checkbox")) {
      expect(box.getAttribute("aria-required")).toBe("true");
      expect(box.getAttribute("aria-invalid")).toBe("true");
      // The domain's checks decide: the browser's own validation never blocks the form.
      expect((box as HTMLInputElement).required).toBe(false);
    }
    rerender(<CheckboxGroup label="Exercises (any of)" options={options} value={["parrot"]} onChange={() => undefined} isRequired isInvalid={false} />);
    expect(screen.getByRole("group").hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText("The game is required")).toBeNull();
    for (const box of screen.getAllByRole("checkbox")) {
      expect(box.hasAttribute("aria-required")).toBe(false);
      expect(box.hasAttribute("aria-invalid")).toBe(false);
    }
  });
});

describe("Checkbox", () => {
  it("is a real checkbox named by its label, read with its hint, and a disabled one cannot be ticked", async () => {
    const user = userEvent.setup();
    const seen: boolean[] = [];
    const { rerender } = render(
      <>
        <Checkbox label="Unlimited play" isSelected={false} onChange={(ticked) => seen.push(ticked)} describedBy="hint" />
        <p id="hint">Plays as often as they like</p>
      </>,
    );
    const box = screen.getByRole("checkbox", { name: "Unlimited play" }) as HTMLInputElement;
    expect(box.getAttribute("aria-describedby")).toBe("hint");
    fireEvent.click(box);
    expect(seen).toEqual([true]);
    rerender(<Checkbox label="Unlimited play" isSelected onChange={(ticked) => seen.push(ticked)} isDisabled />);
    const disabled = screen.getByRole("checkbox", { name: "Unlimited play" }) as HTMLInputElement;
    expect(disabled.checked).toBe(true);
    expect(disabled.disabled).toBe(true);
    await user.click(disabled);
    await user.click(screen.getByText("Unlimited play"));
    expect(seen).toEqual([true]);
  });
});

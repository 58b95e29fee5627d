// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";
import { Form } from "./form.tsx";
import { TextField } from "./text-field.tsx";

function describedByText(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");
}

describe("TextField", () => {
  it("labels the input and describes it with the description", () => {
    render(<TextField label="Email" description="We send the one-time code here." />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(describedByText(input)).toBe("We send the one-time code here.");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows an error, marks the input invalid and associates the error with it", () => {
    render(
      <TextField
        label="Email"
        description="We send the one-time code here."
        isInvalid
        errorMessage="The email domain is not allowed"
      />,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The email domain is not allowed")).toBeTruthy();
    expect(describedByText(input)).toContain("The email domain is not allowed");
    expect(describedByText(input)).toContain("We send the one-time code here.");
  });

  it("blocks submit of an empty required field, shows the error and focuses the field", () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit}>
        <TextField label="First name" name="first_name" isRequired errorMessage="The first name is required" />
        <Button type="submit">Save</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const input = screen.getByRole("textbox", { name: "First name" });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(input)).toContain("The first name is required");
  });

  it("shows server-side errors handed to the Form by field name", () => {
    render(
      <Form validationErrors={{ email: "The email does not belong to the institution" }}>
        <TextField label="Email" name="email" defaultValue="a@b.example" />
      </Form>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(input)).toContain("The email does not belong to the institution");
  });

  it("clears the error once the user corrects a required field", () => {
    render(
      <Form>
        <TextField label="Last name" name="last_name" isRequired errorMessage="The last name is required" />
        <Button type="submit">Save</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const input = screen.getByRole("textbox", { name: "Last name" });
    expect(screen.queryByText("The last name is required")).toBeTruthy();

    fireEvent.change(input, { target: { value: "Okafor" } });
    expect(screen.queryByText("The last name is required")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";

describe("Button", () => {
  it("fires onPress on click and on Enter", () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });

    fireEvent.click(button);
    act(() => button.focus());
    fireEvent.keyDown(button, { key: "Enter" });
    fireEvent.keyUp(button, { key: "Enter" });

    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it("does not fire onPress when disabled, and says so to assistive technology", () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });

    fireEvent.click(button);
    fireEvent.keyDown(button, { key: "Enter" });
    fireEvent.keyUp(button, { key: "Enter" });

    expect(onPress).not.toHaveBeenCalled();
    expect(button).toHaveProperty("disabled", true);
    expect(button.hasAttribute("data-disabled")).toBe(true);
  });

  it("is type=button by default so it never submits a surrounding form by accident", () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("gives each variant its own class", () => {
    render(
      <>
        <Button variant="primary">One</Button>
        <Button variant="secondary">Two</Button>
        <Button variant="destructive">Three</Button>
      </>,
    );
    const classes = screen.getAllByRole("button").map((button) => button.className);
    expect(new Set(classes).size).toBe(3);
  });

  it("defaults to the primary variant", () => {
    render(
      <>
        <Button>Default</Button>
        <Button variant="primary">Primary</Button>
      </>,
    );
    expect(screen.getByRole("button", { name: "Default" }).className).toBe(
      screen.getByRole("button", { name: "Primary" }).className,
    );
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";

// React Aria's global live announcer: the nodes it reads by reference (role img, aria-labelledby).
const announcedByReference = () => [...document.querySelectorAll("[data-live-announcer] [role='img']")];

describe("Button", () => {
  it("takes its pending announcement along when it leaves the page, so none points at a missing id", () => {
    const { rerender, unmount } = render(<Button>Verify</Button>);
    const button = screen.getByRole("button", { name: "Verify" });
    act(() => button.focus());
    // Pending while focused: React Aria announces the button by its id.
    rerender(<Button isPending>Verify</Button>);
    expect(announcedByReference().map((node) => node.getAttribute("aria-labelledby"))).toContain(button.id);
    // Verify succeeded and the page moved on: the button is gone, and so is what referred to it.
    unmount();
    expect(announcedByReference()).toEqual([]);
  });

  it("also removes a reference announcement that arrives after it left, and only those whose element is gone", () => {
    vi.useFakeTimers();
    try {
      const { rerender, unmount } = render(<Button>Deactivate</Button>);
      const button = screen.getByRole("button", { name: "Deactivate" });
      act(() => button.focus());
      rerender(<Button isPending>Deactivate</Button>);
      unmount();
      // Late, as on a busy machine: one node about the gone button, one about an element still here.
      const announcer = document.querySelector("[data-live-announcer]") ?? document.body.appendChild(Object.assign(document.createElement("div"), {}));
      announcer.setAttribute("data-live-announcer", "true");
      const kept = document.body.appendChild(Object.assign(document.createElement("span"), { id: "still-here", textContent: "Saved" }));
      for (const id of [button.id, kept.id]) {
        const node = document.createElement("div");
        node.setAttribute("role", "img");
        node.setAttribute("aria-labelledby", id);
        announcer.appendChild(node);
      }
      act(() => vi.advanceTimersByTime(1_000));
      expect(announcedByReference().map((node) => node.getAttribute("aria-labelledby"))).toEqual(["still-here"]);
      kept.remove();
      for (const node of announcedByReference()) node.remove();
    } finally {
      vi.useRealTimers();
    }
  });

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

// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ToastOutlet } from "./toast-outlet.tsx";
import { clearToasts, showToast } from "./toast-queue.ts";

afterEach(() => {
  act(() => clearToasts());
});

describe("ToastOutlet", () => {
  it("renders no region until a toast is queued, then the region with that toast, and keeps the region", async () => {
    render(<ToastOutlet />);
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    expect(document.body.querySelector("[role='alertdialog']")).toBeNull();

    act(() => {
      showToast({ title: "Signed out after inactivity", variant: "default" });
    });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(screen.getByText("Signed out after inactivity")).toBeTruthy();

    act(() => clearToasts());
    expect(screen.queryByText("Signed out after inactivity")).toBeNull();
    act(() => {
      showToast({ title: "Profile saved" });
    });
    // The region stayed mounted: the next toast shows without another lazy load.
    expect(screen.getByText("Profile saved")).toBeTruthy();
  });

  it("shows a toast queued before it mounted", async () => {
    showToast({ title: "Queued early" });
    render(<ToastOutlet />);
    expect(await screen.findByText("Queued early")).toBeTruthy();
  });
});

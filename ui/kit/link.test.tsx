// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppRouterProvider } from "../shell/router-provider.tsx";
import { Link } from "./link.tsx";

function renderWithRouter(ui: ReactNode, options: { path: string; base?: string }) {
  const location = memoryLocation({ path: options.path, record: true });
  render(
    <Router hook={location.hook} base={options.base ?? ""}>
      <AppRouterProvider>{ui}</AppRouterProvider>
    </Router>,
  );
  return location;
}

describe("Link", () => {
  it("renders a real anchor with the in-app href", () => {
    renderWithRouter(<Link href="/dashboard">Go to the dashboard</Link>, { path: "/nowhere" });
    const link = screen.getByRole("link", { name: "Go to the dashboard" });
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/dashboard");
  });

  it("navigates client-side when Enter is pressed", () => {
    const location = renderWithRouter(<Link href="/dashboard">Go to the dashboard</Link>, { path: "/nowhere" });
    const link = screen.getByRole("link", { name: "Go to the dashboard" });

    act(() => link.focus());
    // jsdom has no activation behaviour: a browser turns an Enter keydown on a focused anchor into
    // a click unless the keydown was cancelled, so the test checks that and then does the same.
    const notCancelled = fireEvent.keyDown(link, { key: "Enter" });
    expect(notCancelled).toBe(true);
    fireEvent.click(link);
    fireEvent.keyUp(link, { key: "Enter" });

    expect(location.history).toEqual(["/nowhere", "/dashboard"]);
  });

  it("navigates client-side on click", () => {
    const location = renderWithRouter(<Link href="/patients">Patients</Link>, { path: "/dashboard" });
    fireEvent.click(screen.getByRole("link", { name: "Patients" }));
    expect(location.history.at(-1)).toBe("/patients");
  });

  it("prefixes the router's base path in the href, as wouter's own links do", () => {
    renderWithRouter(<Link href="/dashboard">Dashboard</Link>, { path: "/portal/x", base: "/portal" });
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/portal/dashboard");
  });

  it("does not navigate when disabled", () => {
    const location = renderWithRouter(
      <Link href="/dashboard" isDisabled>
        Dashboard
      </Link>,
      { path: "/start" },
    );
    fireEvent.click(screen.getByText("Dashboard"));
    expect(location.history).toEqual(["/start"]);
  });
});

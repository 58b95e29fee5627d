// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "./app.tsx";

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return location;
}

describe("App routes", () => {
  it("sends / to /dashboard and, without a session, on to sign-in", () => {
    const location = renderAt("/");
    // Redirects replace the history entry, so Back does not bounce the user into them again.
    expect(location.history).toEqual(["/auth/sign-in"]);
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
  });

  it("shows the sign-in placeholder with its title", () => {
    renderAt("/auth/sign-in");
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(document.title).toBe("Sign in – Speech therapy care portal");
  });

  it("shows the not-found page for an unknown path, with a way back", () => {
    const location = renderAt("/no/such/page");
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(document.title).toBe("Page not found – Speech therapy care portal");

    const link = screen.getByRole("link", { name: "Go to the dashboard" });
    expect(link.getAttribute("href")).toBe("/dashboard");
    act(() => link.focus());
    fireEvent.click(link);
    // The link pushes /dashboard, whose redirect then replaces that entry with sign-in.
    expect(location.history).toEqual(["/no/such/page", "/auth/sign-in"]);
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
  });
});

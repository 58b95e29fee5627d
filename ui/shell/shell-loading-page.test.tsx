// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ShellLoadingPage } from "./shell-loading-page.tsx";

const renderAt = (path: string) => {
  const location = memoryLocation({ path });
  return render(
    <Router hook={location.hook}>
      <ShellLoadingPage />
    </Router>,
  );
};

describe("ShellLoadingPage (while the signed-in code downloads)", () => {
  it("gives /dashboard its own heading at once, in a busy <main> inside the shell's column", () => {
    renderAt("/dashboard");
    const main = screen.getByRole("main");
    expect(main.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Dashboard");
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(document.title).toMatch(/^Dashboard – /);
    // The sidebar's strip is drawn but hidden from assistive technology: no empty navigation landmark.
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(main.parentElement?.previousElementSibling?.getAttribute("aria-hidden")).toBe("true");
  });

  it("says the portal is loading on any other application address", () => {
    renderAt("/patients");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Loading the portal");
  });
});

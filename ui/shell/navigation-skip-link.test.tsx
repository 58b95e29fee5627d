// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAppHarness, type AppHarness } from "../app/app-services.test-helper.ts";
import { renderApp } from "../app/render-app.test-helper.tsx";
import { signInWith, userWireFor } from "./shell.test-helper.ts";

let app: AppHarness;
// The signed-in area is a lazy chunk; compiling it on first use can outlast findBy's timeout.
beforeAll(async () => {
  await import("../app/signed-in-routes.tsx");
});
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

/** The focusable elements of the document, in Tab order for elements without a positive tabindex. */
const tabStops = (): HTMLElement[] =>
  [...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]")].filter(
    (element) => element.tabIndex >= 0,
  );

// Issue 31 item 18: after a navigation the focus is on the page's h1; the sidebar, before <main>,
// was a Tab through the whole page away.
describe("Skip to navigation", () => {
  it("is the first Tab stop after the page's h1, and focuses the sidebar's first entry", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/slp-chat");
    const heading = await screen.findByRole("heading", { level: 1, name: "SLP Chat" });
    const skip = await screen.findByRole("link", { name: "Skip to navigation" });
    const stops = tabStops();
    const afterHeading = stops.find((element) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(afterHeading).toBe(skip);
    expect(skip.getAttribute("href")).toBe("#main-navigation");

    fireEvent.click(skip);
    const nav = screen.getByRole("navigation", { name: "Main" });
    const [firstEntry] = within(within(nav).getByRole("list")).getAllByRole("link");
    expect(document.activeElement).toBe(firstEntry);
    expect(firstEntry?.textContent).toBe("Dashboard");
  });

  it("stays one link, right after whichever h1 the page shows", async () => {
    signInWith(app, userWireFor("staff"), 200);
    renderApp(app.services, "/slp-chat");
    await screen.findByRole("heading", { level: 1, name: "SLP Chat" });
    await screen.findByRole("link", { name: "Skip to navigation" });
    const links = screen.getAllByRole("link", { name: "Skip to navigation" });
    expect(links).toHaveLength(1);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.nextElementSibling?.firstElementChild).toBe(links[0]);
  });
});

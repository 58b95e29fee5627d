// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAppHarness, type AppHarness } from "./app-services.test-helper.ts";
import { renderApp } from "./render-app.test-helper.tsx";
import { signInWith, userWireFor } from "../shell/shell.test-helper.ts";

let app: AppHarness;
// The signed-in area is a lazy chunk; compiling it on first use can outlast findBy's timeout.
beforeAll(async () => {
  await import("./signed-in-routes.tsx");
});
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const heading = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("application routes", () => {
  it("sends a non-super-admin from /organizations to their own institution, named from their record", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/organizations");
    // The institution's page reads its record (not scripted here); the trail already names it from the user's.
    expect(await heading("Institution")).toBeTruthy();
    expect(location.history).toEqual(["/organizations/2"]);
    const trail = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Institutions" }).getAttribute("href")).toBe("/organizations");
    expect(within(trail).getByText("Riverside Clinic")).toBeTruthy();
    // Issue 23: the document title names the record, as the trail does.
    await waitFor(() => expect(document.title).toBe("Riverside Clinic – Institution – Speech therapy care portal"));
  });

  it("names the settings tab in the document title, after the page's heading", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/settings/security");
    expect(await heading("Settings")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Security – Settings – Speech therapy care portal"));
  });

  it("shows the super administrator the institutions list itself, with no trail for one item", async () => {
    signInWith(app, userWireFor("super_admin"));
    const { location } = renderApp(app.services, "/organizations");
    expect(await heading("Institutions")).toBeTruthy();
    expect(location.history).toEqual(["/organizations"]);
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).toBeNull();
  });

  it("sends a user without retrieve on administrators from /admins/7 to the dashboard", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/admins/7");
    await waitFor(() => expect(location.history).toEqual(["/dashboard"]));
    expect(await heading("Dashboard")).toBeTruthy();
  });

  it("opens /admins/7 for an institution administrator, in the main layout", async () => {
    signInWith(app, userWireFor("institution_admin"));
    const { location } = renderApp(app.services, "/admins/7");
    expect(await heading("Administrator")).toBeTruthy();
    expect(location.history).toEqual(["/admins/7"]);
    expect(screen.getByRole("main").id).toBe("main-content");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it.each([["/patient"], ["/patient/abc"], ["/details-panel/patient/5"], ["/details-panel/patient/5/level/x"]])(
    "sends %s, which lacks its ids, to /patients",
    async (path) => {
      signInWith(app, userWireFor("staff"));
      const { location } = renderApp(app.services, path);
      expect(await heading("Patients")).toBeTruthy();
      expect(location.history).toEqual(["/patients"]);
    },
  );

  it("sends /create/assign with nothing chosen back to /exercises", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/create/assign");
    expect(await heading("Exercises")).toBeTruthy();
    expect(location.history).toEqual(["/exercises"]);
  });

  it("sends /settings to /settings/profile and shows not-found for an unknown tab", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/settings");
    await waitFor(() => expect(location.history).toEqual(["/settings/profile"]));
    act(() => location.navigate("/settings/colours"));
    expect(await heading("Page not found")).toBeTruthy();
  });

  it("shows the session detail in the details panel with the full trail and fallbacks", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/details-panel/patient/5/level/2/trend/9");
    expect(await heading("Session detail")).toBeTruthy();
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Patients", "Detail", "Exercise", "Detail"]);
    expect(within(trail).getByRole("link", { name: "Exercise" }).getAttribute("href")).toBe("/details-panel/patient/5/level/2");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/details-panel/patient/5/level/2");
  });

  it("puts create pages in the create layout: wordmark, Cancel back to the area, no sidebar", async () => {
    signInWith(app, userWireFor("staff_admin"));
    renderApp(app.services, "/create/patient");
    expect(await heading("New patient")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/patients");
    expect(screen.getByRole("link", { name: "Speech therapy care portal, dashboard" })).toBeTruthy();
  });

  it("sends a user who may not create patients from /create/patient to the dashboard", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/create/patient");
    await waitFor(() => expect(location.history).toEqual(["/dashboard"]));
  });

  it("starts each page with the skip link, which moves focus to <main>", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/patients");
    await heading("Patients");
    const focusable = document.querySelectorAll<HTMLElement>("a[href], button, [tabindex='0']");
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole("main"));
  });

  it("moves focus to the new page's h1 after navigating from the sidebar", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/patients");
    await heading("Patients");
    const exercises = await within(screen.getByRole("navigation", { name: "Main" })).findByRole("link", { name: "Exercises" });
    act(() => exercises.focus());
    fireEvent.click(exercises);
    const exercisesHeading = await heading("Exercises");
    await waitFor(() => expect(document.activeElement).toBe(exercisesHeading));
    expect(exercisesHeading.tabIndex).toBe(-1);
    await waitFor(() => expect(document.title).toBe("Exercises – Speech therapy care portal"));
  });

  it("says the page is loading while the user record is on its way", async () => {
    signInWith(app, userWireFor("staff"), 300);
    // A page that waits for nothing but the record (the chat names itself at once): busy until the record is in.
    renderApp(app.services, "/slp-chat");
    expect(await heading("SLP Chat")).toBeTruthy();
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull(), { timeout: 15_000 });
  });

  it("keeps <main> busy on the dashboard, which names itself before the user record arrives, until the record is in", async () => {
    signInWith(app, userWireFor("staff"), 300);
    renderApp(app.services, "/dashboard");
    expect(await screen.findByText("Loading your dashboard…")).toBeTruthy();
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(screen.queryByText("Loading your dashboard…")).toBeNull(), { timeout: 15_000 });
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull();
  });
});

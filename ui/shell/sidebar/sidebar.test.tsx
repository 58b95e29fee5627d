// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleCode } from "../../../domain/shared/roles.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp } from "../../app/render-app.test-helper.tsx";
import { signInWith, userWireFor } from "../shell.test-helper.ts";

let app: AppHarness;
// The signed-in area is a lazy chunk; compiling it on first use can outlast findBy's timeout.
beforeAll(async () => {
  await import("../../app/signed-in-routes.tsx");
});
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const mainNav = async () => screen.findByRole("navigation", { name: "Main" });
const entryLinks = (nav: HTMLElement) =>
  within(within(nav).getByRole("list")).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);

describe("Sidebar", () => {
  it.each<[RoleCode, ReadonlyArray<readonly [string, string]>]>([
    ["super_admin", [["Dashboard", "/dashboard"], ["Institution", "/organizations"], ["Admins", "/admins"], ["Exercises", "/exercises"], ["Audit log", "/audit"]]],
    [
      "institution_admin",
      [["Dashboard", "/dashboard"], ["Institution", "/organizations/2"], ["Admins", "/admins"], ["SLPs", "/staff"], ["Patients", "/patients"], ["Exercises", "/exercises"], ["Billing", "/rtm"], ["Audit log", "/audit"]],
    ],
    [
      "staff_admin",
      [["Dashboard", "/dashboard"], ["Institution", "/organizations/2"], ["SLPs", "/staff"], ["Patients", "/patients"], ["Exercises", "/exercises"], ["Billing", "/rtm"], ["SLP Chat", "/slp-chat"]],
    ],
    [
      "staff",
      [["Dashboard", "/dashboard"], ["Institution", "/organizations/2"], ["Patients", "/patients"], ["Exercises", "/exercises"], ["Billing", "/rtm"], ["SLP Chat", "/slp-chat"]],
    ],
  ])("lists exactly the %s's entries, in order", async (role, expected) => {
    signInWith(app, userWireFor(role));
    renderApp(app.services, "/exercises");
    const nav = await mainNav();
    await waitFor(() => expect(entryLinks(nav)).toEqual(expected));
  });

  it("marks the area of the current page, sub-pages included, with aria-current", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/patient/5");
    const nav = await mainNav();
    const patients = await within(nav).findByRole("link", { name: "Patients" });
    expect(patients.getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();

    act(() => location.navigate("/rtm"));
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Billing" }).getAttribute("aria-current")).toBe("page"));
    expect(within(nav).getByRole("link", { name: "Patients" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows initials, the full name and the email cut to 20 characters with the whole address for screen readers", async () => {
    signInWith(app, userWireFor("staff", { email: "annabelle.leighton@riverside-clinic.org" }));
    renderApp(app.services, "/patients");
    const nav = await mainNav();
    expect(await within(nav).findByText("Ann Lee")).toBeTruthy();
    expect(within(nav).getByText("AL")).toBeTruthy();
    const cut = within(nav).getByText("annabelle.leighton@r…");
    expect(cut.getAttribute("aria-hidden")).toBe("true");
    expect(within(nav).getByText("annabelle.leighton@riverside-clinic.org")).toBeTruthy();
    // Focusable, so keyboard users can reach the tooltip with the whole address.
    expect(cut.parentElement?.getAttribute("tabindex")).toBe("0");
  });

  it("reads 'Not specified' when a name is missing, and shows a short email whole", async () => {
    signInWith(app, userWireFor("staff", { first_name: "", last_name: "Lee", email: "al@clinic.org" }));
    renderApp(app.services, "/patients");
    const nav = await mainNav();
    expect(await within(nav).findByText("Not specified")).toBeTruthy();
    expect(within(nav).getByText("L")).toBeTruthy();
    expect(within(nav).getByText("al@clinic.org").getAttribute("aria-hidden")).toBeNull();
  });

  it("shows a busy placeholder while the profile loads", async () => {
    signInWith(app, userWireFor("staff"), 300);
    renderApp(app.services, "/patients");
    const nav = await mainNav();
    const placeholder = within(nav).getByText("Loading your profile").closest("[aria-busy]");
    expect(placeholder?.getAttribute("aria-busy")).toBe("true");
    expect(await within(nav).findByText("Ann Lee")).toBeTruthy();
    expect(within(nav).queryByText("Loading your profile")).toBeNull();
  });

  it("links Settings to the profile tab and signs out from the footer", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/patients");
    const nav = await mainNav();
    expect(within(nav).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings/profile");
    fireEvent.click(within(nav).getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(location.history.at(-1)).toBe("/auth/sign-in");
    expect(app.harness.adapters.credentials.phase()).toBe("anonymous");
  });

  it("comes before the content in the reading order, after the skip link", async () => {
    signInWith(app, userWireFor("staff"));
    renderApp(app.services, "/patients");
    const nav = await mainNav();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    const main = screen.getByRole("main");
    // DOCUMENT_POSITION_FOLLOWING: the argument comes after the node in the document.
    expect(skip.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nav.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, [tabindex='0']")];
    expect(focusable[0]).toBe(skip);
    expect(nav.contains(focusable[1] ?? null)).toBe(true);
  });

  it("a click on the current page's entry closes the strip: the focus leaves it for the page's heading", async () => {
    signInWith(app, userWireFor("staff"));
    const { location } = renderApp(app.services, "/patients");
    const nav = await mainNav();
    const patients = await within(nav).findByRole("link", { name: "Patients" });
    await screen.findByRole("heading", { level: 1, name: "Patients" });
    act(() => patients.focus());
    fireEvent.click(patients);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Patients" })));
    expect(nav.contains(document.activeElement)).toBe(false);
    expect(location.history.at(-1)).toBe("/patients");
  });
});

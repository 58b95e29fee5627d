import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { BREADCRUMB_MIN_ITEMS, personLabel, visibleBreadcrumbs, type BreadcrumbItem } from "./shared/navigation/breadcrumbs.ts";
import { APP_ROUTE, type AppRoute } from "./shared/navigation/app-route.ts";
import { backTarget, breadcrumbsFor } from "./routes.ts";

const labels = (items: readonly BreadcrumbItem[]) => items.map((item) => item.label);

describe("breadcrumbsFor", () => {
  it("names the admin by first and last name after Admins", () => {
    expect(breadcrumbsFor("admin-detail", { admin: { firstName: "Rita", lastName: "Moss" } })).toEqual([
      { label: "Admins", href: "/admins" },
      { label: "Rita Moss" },
    ]);
  });

  it("names the institution, or 'Detail' until it is known", () => {
    expect(labels(breadcrumbsFor("organization-detail", { institutionName: "Riverside Clinic" }))).toEqual(["Institutions", "Riverside Clinic"]);
    expect(labels(breadcrumbsFor("organization-detail", { institutionName: "  " }))).toEqual(["Institutions", "Detail"]);
    expect(labels(breadcrumbsFor("organization-detail"))).toEqual(["Institutions", "Detail"]);
  });

  it("names the SLP after SLPs", () => {
    expect(labels(breadcrumbsFor("staff-detail", { staffMember: { firstName: "Jo", lastName: "Park" } }))).toEqual(["SLPs", "Jo Park"]);
  });

  it("walks a session detail from Patients through the patient and the exercise, with links back", () => {
    expect(
      breadcrumbsFor("session-detail", {
        patient: { firstName: "Ed", lastName: "Hill" },
        gameName: "Word Match",
        sessionStart: "03/04/2025 10:15",
        patientId: 5,
        levelId: 2,
      }),
    ).toEqual([
      { label: "Patients", href: "/patients" },
      { label: "Ed Hill", href: "/patient/5" },
      { label: "Word Match", href: "/details-panel/patient/5/level/2" },
      { label: "03/04/2025 10:15" },
    ]);
  });

  it("falls back to 'Exercise' and 'Detail' while the exercise and the session load", () => {
    expect(labels(breadcrumbsFor("session-detail", { patientId: 5, levelId: 2 }))).toEqual(["Patients", "Detail", "Exercise", "Detail"]);
    expect(labels(breadcrumbsFor("exercise-overview", { patient: { firstName: "Ed", lastName: "Hill" } }))).toEqual(["Patients", "Ed Hill", "Exercise"]);
  });

  it("names the settings tab after Settings", () => {
    expect(labels(breadcrumbsFor("settings", { settingsTab: "profile" }))).toEqual(["Settings", "Profile"]);
    expect(labels(breadcrumbsFor("settings", { settingsTab: "security" }))).toEqual(["Settings", "Security"]);
  });

  it("gives a top-level area a single item, which is then not shown", () => {
    for (const route of ["dashboard", "admins", "organizations", "exercises", "patients", "staff", "billing", "slp-chat"] as const) {
      expect(breadcrumbsFor(route)).toHaveLength(1);
      expect(visibleBreadcrumbs(breadcrumbsFor(route))).toEqual([]);
    }
  });

  test.prop([fc.constantFrom(...(Object.values(APP_ROUTE) as AppRoute[]))])("links every step but the last, which is the current page, once the ids are known", (route) => {
    const items = breadcrumbsFor(route, { patientId: 5, levelId: 2 });
    expect(items.length).toBeGreaterThan(0);
    expect(items.at(-1)?.href).toBeUndefined();
    for (const item of items.slice(0, -1)) expect(item.href).toMatch(/^\//);
  });
});

describe("personLabel", () => {
  test.prop([fc.string(), fc.string()])("is never blank: a name, or 'Detail'", (firstName, lastName) => {
    const label = personLabel({ firstName, lastName });
    expect(label.trim()).not.toBe("");
    if (firstName.trim() === "" && lastName.trim() === "") expect(label).toBe("Detail");
  });
});

describe("visibleBreadcrumbs", () => {
  test.prop([fc.array(fc.record({ label: fc.string() }), { maxLength: 6 })])(
    "shows a trail only from two items on, and then unchanged",
    (items) => {
      const shown = visibleBreadcrumbs(items);
      expect(shown).toEqual(items.length >= BREADCRUMB_MIN_ITEMS ? items : []);
    },
  );

  it("needs at least two items", () => {
    expect(BREADCRUMB_MIN_ITEMS).toBe(2);
  });
});

describe("backTarget", () => {
  it("leads to the closest linked step before the current page", () => {
    const session = breadcrumbsFor(APP_ROUTE.sessionDetail, { patientId: 5, levelId: 9 });
    expect(backTarget(session)).toBe("/details-panel/patient/5/level/9");
    expect(backTarget([{ label: "Patients", href: "/patients" }, { label: "New patient" }])).toBe("/patients");
  });

  it("skips unlinked steps and ignores the current page's own link", () => {
    expect(backTarget([{ label: "Patients", href: "/patients" }, { label: "Detail" }, { label: "Here", href: "/here" }])).toBe("/patients");
  });

  it("falls back to the dashboard when nothing before the current page is linked", () => {
    expect(backTarget([])).toBe("/dashboard");
    expect(backTarget([{ label: "Only", href: "/only" }])).toBe("/dashboard");
    expect(backTarget([{ label: "Unlinked" }, { label: "Here" }])).toBe("/dashboard");
  });
});

import { describe, expect, it } from "vitest";
import { documentTitleFor } from "../../routes.ts";
import { pageTitleOf } from "./document-title.ts";

// Issue 23: a document title names the record its page shows, as the h1 does.
describe("the document title of a route", () => {
  it("names the patient once their record is known", () => {
    expect(documentTitleFor("patient-detail", { patientId: 7 })).toBe("Patient");
    expect(documentTitleFor("patient-detail", { patientId: 7, patient: { firstName: "Abigail", lastName: "Sanchez" } })).toBe("Abigail Sanchez – Patient");
  });

  it("names a session by its game and time", () => {
    expect(documentTitleFor("session-detail", { gameName: "Naming", sessionStart: "3 Nov 2026 10:15" })).toBe("Naming, 3 Nov 2026 10:15 – Session");
    expect(documentTitleFor("session-detail", { gameName: "Naming", sessionStart: null })).toBe("Naming – Session");
    expect(documentTitleFor("session-detail", { gameName: null, sessionStart: null })).toBe("Session detail");
  });

  it("names the SLP, the administrator and the institution as their pages' headings do", () => {
    expect(documentTitleFor("staff-detail", { staffMember: { firstName: "Sam", lastName: "Smith" } })).toBe("Sam Smith – SLP");
    expect(documentTitleFor("admin-detail", { admin: { firstName: "Ada", lastName: "Lee" } })).toBe("Ada Lee – Administrator");
    expect(documentTitleFor("organization-detail", { institutionName: "North Clinic" })).toBe("North Clinic – Institution");
    expect(documentTitleFor("organization-detail", { institutionName: "  " })).toBe("Institution");
  });

  it("names the settings tab before the page's heading", () => {
    expect(documentTitleFor("settings", { settingsTab: "profile" })).toBe("Profile – Settings");
    expect(documentTitleFor("settings", { settingsTab: "security" })).toBe("Security – Settings");
  });

  it("keeps the declared title for pages of no one record, and before anything is known", () => {
    expect(documentTitleFor("patients", {})).toBe("Patients");
    expect(documentTitleFor("dashboard", undefined)).toBe("Dashboard");
    expect(pageTitleOf({ title: "Exercise overview", crumb: { label: () => "Exercise" } }, {})).toBe("Exercise overview");
  });
});

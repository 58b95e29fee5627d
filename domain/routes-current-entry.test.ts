import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { sidebarAreaOf } from "./routes.ts";

describe("sidebarAreaOf", () => {
  it.each([
    ["/dashboard", "dashboard"],
    ["/organizations", "institution"],
    ["/organizations/4", "institution"],
    ["/create/organization", "institution"],
    ["/create/organization/4/admin", "admins"],
    ["/admins/7", "admins"],
    ["/staff/3", "slps"],
    ["/create/staff", "slps"],
    ["/patients", "patients"],
    ["/patient/5", "patients"],
    ["/create/patient", "patients"],
    ["/details-panel/patient/5/level/2/trend/9", "patients"],
    ["/exercises", "exercises"],
    ["/create/assign", "exercises"],
    ["/rtm", "billing"],
    ["/slp-chat", "slp-chat"],
  ] as const)("puts %s in %s", (path, area) => {
    expect(sidebarAreaOf(path)).toBe(area);
  });

  it("puts settings and unknown pages in no area, and does not match a longer word", () => {
    expect(sidebarAreaOf("/settings/profile")).toBeNull();
    expect(sidebarAreaOf("/patientsx")).toBeNull();
    expect(sidebarAreaOf("/dashboards")).toBeNull();
  });

  test.prop([fc.integer({ min: 1 }), fc.integer({ min: 1 })])("keeps every patient page in Patients", (id, level) => {
    expect(sidebarAreaOf(`/patient/${id}`)).toBe("patients");
    expect(sidebarAreaOf(`/details-panel/patient/${id}/level/${level}`)).toBe("patients");
  });
});

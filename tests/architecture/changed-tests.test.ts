import { describe, expect, it } from "vitest";
import { mentionsPath, repositoryFacts, selectBrowserFlows, staticPrefix, vitestTargets } from "../../scripts/changed-tests.mjs";

// `npm run test:changed` (scripts/test-changed.mjs) runs the tests of the files changed since main;
// scripts/changed-tests.mjs chooses its browser flows. Shown on the real repository, since the
// point is that its routes, pages and specs are read right.
const facts = repositoryFacts(new URL("../..", import.meta.url).pathname);
const specsFor = (...changed: string[]) => selectBrowserFlows(changed, facts).specs.map((spec) => spec.replace("tests/e2e/", ""));

describe("changed tests", () => {
  it("runs the patients flows for a change to a patients page, and not the billing ones", () => {
    const specs = specsFor("ui/features/patients/patient-detail-page.tsx");
    expect(specs).toContain("patients.spec.ts");
    expect(specs).toContain("patient-devices.spec.ts");
    expect(specs).not.toContain("rtm-billing.spec.ts");
    expect(specsFor("ui/features/patients/patient-create-page.tsx")).toEqual(["patients.spec.ts"]);
  });

  it("runs no browser flow for a server change or a component test, and hands changed tests to Vitest", () => {
    expect(specsFor("server/app.ts")).toEqual([]);
    expect(specsFor("ui/features/patients/patient-exercises.test.tsx")).toEqual([]);
    expect(vitestTargets(["ui/features/patients/patient-exercises.test.tsx", "server/app.ts", "README.md", "tests/e2e/patients.spec.ts"])).toEqual([
      "ui/features/patients/patient-exercises.test.tsx",
      "server/app.ts",
    ]);
  });

  it("runs every route's flows for a part every page imports, and every flow for one no page does", () => {
    const shared = selectBrowserFlows(["domain/shared/navigation/route-path.ts"], facts);
    expect(shared.everyRoute).toBe(true);
    expect(shared.specs).toContain("tests/e2e/rtm-billing.spec.ts");
    const shell = selectBrowserFlows(["ui/shell/main-layout.tsx"], facts);
    expect(shell.unrouted).toEqual(["ui/shell/main-layout.tsx"]);
    expect(shell.specs).toEqual([...facts.specs.keys()].sort());
  });

  it("reads a route's address in a spec's strings and URL patterns, not inside an API path or another route", () => {
    expect(staticPrefix("/patient/:id")).toBe("/patient/");
    expect(mentionsPath("page.goto(`/patient/${id}`)", "/patient/:id")).toBe(true);
    expect(mentionsPath("expect(page).toHaveURL(/\\/organizations\\/\\d+$/)", "/organizations/:organizationId")).toBe(true);
    expect(mentionsPath('page.goto("/patients?status=active")', "/patients")).toBe(true);
    expect(mentionsPath('apiGet(page, headers(), "/api/patients/")', "/patients")).toBe(false);
    expect(mentionsPath("page.goto(`/details-panel/patient/${id}/level/1`)", "/patient/:id")).toBe(false);
    expect(mentionsPath("page.goto(`/organizations/${id}`)", "/organizations")).toBe(false);
  });
});

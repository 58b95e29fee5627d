import { describe, expect, it } from "vitest";
import {
  importGraph,
  mentionsPath,
  repositoryFacts,
  selectBrowserFlows,
  selectUnitTests,
  staticPrefix,
  testFolderOf,
  urlReferencesOf,
  vitestTargets,
} from "../../scripts/changed-tests.mjs";

// `npm run test:changed` (scripts/test-changed.mjs) runs the tests of the files changed since main;
// scripts/changed-tests.mjs chooses them. Shown on the real repository, since the point is that
// its import graph, routes, pages and specs are read right.
const imports = importGraph(new URL("../..", import.meta.url).pathname);
const facts = repositoryFacts(new URL("../..", import.meta.url).pathname, imports);
const specsFor = (...changed: string[]) => selectBrowserFlows(changed, facts).specs.map((spec) => spec.replace("tests/e2e/", ""));
const unitTestsFor = (...changed: string[]) => selectUnitTests(changed, imports).tests;
const testsIn = (folder: string) => [...imports.keys()].filter((file) => file.startsWith(folder) && /\.test\.tsx?$/.test(file)).sort();

describe("changed unit tests", () => {
  it("runs a server feature's tests for a change to one of its files, and not the other features' or the whole app's", () => {
    const tests = unitTestsFor("server/features/patients/patient-rules.ts");
    const patients = testsIn("server/features/patients/");
    expect(patients.length).toBeGreaterThan(0);
    expect(tests).toEqual(expect.arrayContaining(patients));
    // The auth and mobile tests build the app (server/test-app.test-helper.ts → server/app.ts), which assembles patients too.
    for (const other of [...testsIn("server/features/auth/"), ...testsIn("server/features/mobile/"), "server/main.int.test.ts"])
      expect(tests).not.toContain(other);
  });

  it("runs the patients page tests for a change to a patients page, and not the whole app's", () => {
    const tests = unitTestsFor("ui/features/patients/patient-create-page.tsx");
    expect(tests).toEqual(expect.arrayContaining(testsIn("ui/features/patients/")));
    expect(tests).toContain("ui/features/patients/patient-exercises.test.tsx");
    expect(tests).not.toContain("ui/app/app.test.tsx");
    expect(tests.filter((test) => !test.startsWith("ui/features/patients/"))).toEqual([]);
  });

  it("runs a changed test, the tests that import a changed helper, and a shared file's own folder", () => {
    expect(unitTestsFor("ui/features/patients/patient-exercises.test.tsx")).toEqual(["ui/features/patients/patient-exercises.test.tsx"]);
    const fixtures = unitTestsFor("adapters/shared/fixtures.test-helper.ts");
    expect(fixtures).toContain("ui/features/slps/staff-pages.test.tsx");
    // A test beside the roots is selected when it imports the changed file itself, not through a root's helper.
    expect(fixtures).toContain("ui/app/app.test.tsx");
    expect(unitTestsFor("machines/auth/sign-in.machine.ts")).not.toContain("ui/app/app.test.tsx");
    // The build's route preload reads the page-code tables with this script's readers (issue 35).
    expect(unitTestsFor("scripts/changed-tests.mjs")).toEqual(["tests/architecture/changed-tests.test.ts", "tests/architecture/first-screen-build.test.ts"]);
    // A test that runs a script as a child process names it by URL: it is that script's test too.
    expect(unitTestsFor("scripts/bundle-report.mjs")).toEqual(expect.arrayContaining(["tests/architecture/bundle-report.test.ts", "tests/architecture/bundle-report-routes.test.ts"]));
    expect(urlReferencesOf("tests/a/b.test.ts", 'x(new URL("../../scripts/run.mjs", import.meta.url)); new URL("../..", import.meta.url)')).toEqual(["scripts/run.mjs"]);
    expect(testFolderOf("domain/shared/format/dates.ts")).toEqual({ folder: "domain/shared/format/", deep: false, feature: undefined });
    expect(testFolderOf("server/features/patients/patient-rules.ts")).toMatchObject({ folder: "server/features/patients/", deep: true });
    // A composition root is not walked through: a change to it runs its own folder's tests.
    expect(unitTestsFor("server/app.ts")).toEqual(testsIn("server/").filter((test) => !test.slice("server/".length).includes("/")));
  });
});

describe("changed browser flows", () => {
  it("runs the patients flows for a change to a patients page, and not the billing ones", () => {
    const specs = specsFor("ui/features/patients/patient-detail-page.tsx");
    expect(specs).toContain("patients.spec.ts");
    expect(specs).toContain("patient-devices.spec.ts");
    expect(specs).not.toContain("rtm-billing.spec.ts");
    expect(specsFor("ui/features/patients/patient-create-page.tsx")).toEqual(["patients.spec.ts"]);
  });

  it("reads each route's lazy page from its feature's page code, the month-end page among them", () => {
    expect(facts.pageModules.get("patient-detail")).toBe("ui/features/patients/patient-detail-page.tsx");
    expect(facts.pageModules.get("billing-month-end")).toBe("ui/features/billing/month-end-page.tsx");
    expect(facts.pageModules.has("dashboard")).toBe(false);
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
    const shared = selectBrowserFlows(["ui/services/services-context.tsx"], facts);
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

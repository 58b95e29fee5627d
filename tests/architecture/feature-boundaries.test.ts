import { describe, expect, it } from "vitest";
import { featureCycles, featureOf, repositoryViolations, violationsIn } from "../../scripts/feature-boundaries.mjs";

// The feature-folder rule (DESIGN.md, "Features across the layers"; scripts/feature-boundaries.mjs,
// run by `npm run lint`), shown on small examples and then on the whole repository.
describe("feature boundaries", () => {
  it("names the feature of a path in every layer, and nothing for a shared part", () => {
    expect(featureOf("domain/patients/patient-form.ts")).toBe("patients");
    expect(featureOf("machines/auth/sign-in.machine.ts")).toBe("auth");
    expect(featureOf("ui/features/account/profile-tab.tsx")).toBe("account");
    expect(featureOf("server/features/session-review/routes.ts")).toBe("session-review");
    expect(featureOf("domain/shared/ids.ts")).toBeUndefined();
    expect(featureOf("ui/kit/button.tsx")).toBeUndefined();
    expect(featureOf("server/http/api-failure.ts")).toBeUndefined();
  });

  it("rejects a feature reaching into another feature's files", () => {
    const source = `import { OtpInput } from "../auth/otp-input.tsx";\n`;
    expect(violationsIn("ui/features/account/dialog.tsx", source)).toEqual([
      "ui/features/account/dialog.tsx: imports ui/features/auth/otp-input.tsx, inside the auth feature; import its index.ts instead",
    ]);
  });

  it("rejects the same across layers, e.g. a page importing another feature's domain rules", () => {
    const source = `import { validatePersonName } from "../../../domain/patients/patient-form.ts";\n`;
    expect(violationsIn("ui/features/account/profile-tab.tsx", source)).toHaveLength(1);
  });

  it("accepts another feature's index, and a feature's own files in any layer", () => {
    const source = [
      `import { OtpInput } from "../auth/index.ts";`,
      `import { rule } from "../../../domain/account/profile-name.ts";`,
      `import { Button } from "../../kit/button.tsx";`,
    ].join("\n");
    expect(violationsIn("ui/features/account/dialog.tsx", source)).toEqual([]);
  });

  it("lets tests, test helpers and fixtures read another feature's fixtures, and nothing else", () => {
    const source = `import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";\n`;
    expect(violationsIn("server/features/mobile/session-replay.int.test.ts", source)).toEqual([]);
    expect(violationsIn("server/features/mobile/mobile-world.test-helper.ts", source)).toEqual([]);
    expect(violationsIn("server/features/mobile/mobile-sessions.fixtures.ts", source)).toEqual([]);
    expect(violationsIn("server/features/mobile/session-upload-route.ts", source)).toEqual([
      "server/features/mobile/session-upload-route.ts: imports domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts, inside the session-review feature; import its index.ts instead",
    ]);
  });

  it("rejects a shared part importing a feature of its own layer, even through its index", () => {
    const source = `import { PatientsTable } from "../features/patients/index.ts";\n`;
    expect(violationsIn("ui/shell/sidebar.tsx", source)).toEqual([
      "ui/shell/sidebar.tsx: a shared part imports the patients feature (ui/features/patients/index.ts)",
    ]);
  });

  it("lets the composition roots assemble features", () => {
    const source = `import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";\n`;
    expect(violationsIn("ui/app/app-routes.tsx", source)).toEqual([]);
  });

  it("keeps ui/app the top: nothing below it imports the composition root, but start-up and a test of the whole app may", () => {
    const source = `import { useServices } from "../../app/services-context.tsx";\n`;
    expect(violationsIn("ui/features/dashboard/use-overview.ts", source)).toEqual([
      "ui/features/dashboard/use-overview.ts: imports ui/app/services-context.tsx; ui/app is the composition root and nothing below it imports it",
    ]);
    expect(violationsIn("ui/shell/section-page.tsx", `import { x } from "../app/route-page.ts";\n`)).toHaveLength(1);
    expect(violationsIn("ui/main.tsx", `import { App } from "./app/app.tsx";\n`)).toEqual([]);
    expect(violationsIn("ui/features/dashboard/dashboard-page.test.tsx", source)).toEqual([]);
  });

  it("rejects two features that import each other, in one layer, even through their indexes", () => {
    const imports: ReadonlyArray<readonly [string, readonly string[]]> = [
      ["ui/features/exercises/assign-page.tsx", ["ui/features/patients/index.ts"]],
      ["ui/features/patients/patient-detail-page.tsx", ["ui/features/exercises/index.ts"]],
      ["ui/features/session-review/pages.tsx", ["ui/features/patients/index.ts"]],
    ];
    expect(featureCycles(imports)).toEqual(["ui: the exercises and patients features import each other; lift what they share into a shared part"]);
    // One direction only is a dependency, not a cycle; a test rendering both is not one either.
    expect(featureCycles(imports.slice(0, 1))).toEqual([]);
    expect(featureCycles([imports[0]!, ["ui/features/patients/patients.test.tsx", ["ui/features/exercises/index.ts"]]])).toEqual([]);
  });

  it("holds for every source file of the repository", () => {
    expect(repositoryViolations(new URL("../..", import.meta.url).pathname)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { RESOURCES } from "../permission-vocabulary.ts";
import { ROLE_CODES } from "../roles.ts";
import { ROLE_PERMISSIONS } from "./role-permissions.ts";
// Read through Vite's raw import rather than node:fs: the purity lint covers every file in domain/,
// tests included.
import doc from "../../../docs/permissions.md?raw";

/** The role x resource x action table exactly as docs/permissions.md must show it. */
const renderPermissionTable = (): string => {
  const header = `| Resource | ${ROLE_CODES.map((role) => `\`${role}\``).join(" | ")} |`;
  const rule = `|---|${ROLE_CODES.map(() => "---").join("|")}|`;
  const rows = RESOURCES.map((resource) => {
    const cells = ROLE_CODES.map((role) => {
      const actions = ROLE_PERMISSIONS[role][resource] ?? [];
      return actions.length === 0 ? "—" : actions.map((action) => `\`${action}\``).join(", ");
    });
    return `| \`${resource}\` | ${cells.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
};

describe("docs/permissions.md", () => {
  it("contains the table rendered from ROLE_PERMISSIONS, exactly", () => {
    expect(doc).toContain(renderPermissionTable());
  });

  it("has one row per resource", () => {
    for (const resource of RESOURCES) expect(doc).toContain(`| \`${resource}\` |`);
  });
});

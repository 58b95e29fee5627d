import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { RoleId } from "../ids.ts";
import { RESOURCES, SERVER_ACTIONS, SERVER_TO_CLIENT_ACTION } from "../permission-vocabulary.ts";
import { ROLE_CODES, type RoleCode } from "../roles.ts";
import { hasPermission } from "./permission-check.ts";
import { permissionHolderOf } from "./permission-holder.ts";
import { permissionsForRole } from "./permissions-for-role.ts";
import { roleAllows } from "./role-permissions.ts";

const userWithRole = (role: RoleCode) => ({ permissions: permissionsForRole(role), role: { id: 1 as RoleId, title: role, code_name: role } });

describe("permissionHolderOf: the signed-in user as every feature's abilities read them", () => {
  it("carries the record's role code", () => {
    for (const role of ROLE_CODES) expect(permissionHolderOf(userWithRole(role)).role).toBe(role);
  });

  test.prop([fc.constantFrom(...ROLE_CODES), fc.constantFrom(...RESOURCES), fc.constantFrom(...SERVER_ACTIONS)])(
    "grants a client action exactly when the role's row of the table grants its server action",
    (role, resource, action) => {
      const holder = permissionHolderOf(userWithRole(role));
      // dashboard and settings are always managed by their owner (client-permissions.ts).
      fc.pre(!(resource === "dashboard" || resource === "settings"));
      const granted = hasPermission(holder, { resource, actions: [SERVER_TO_CLIENT_ACTION[action]] });
      const viaAnyServerAction = SERVER_ACTIONS.filter((other) => SERVER_TO_CLIENT_ACTION[other] === SERVER_TO_CLIENT_ACTION[action]).some((other) =>
        roleAllows(role, resource, other),
      );
      expect(granted).toBe(viaAnyServerAction);
    },
  );
});

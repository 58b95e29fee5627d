import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, SERVER_ACTIONS } from "../permission-vocabulary.ts";
import { ROLE_CODES } from "../roles.ts";
import { permissionsForRole } from "./permissions-for-role.ts";
import { ROLE_PERMISSIONS, roleAllows } from "./role-permissions.ts";

describe("permissionsForRole", () => {
  test.prop([fc.constantFrom(...ROLE_CODES), fc.constantFrom(...RESOURCES), fc.constantFrom(...SERVER_ACTIONS)])(
    "the record grants an action exactly when the table allows it",
    (role, resource, action) => {
      expect(permissionsForRole(role)[resource]?.includes(action) ?? false).toBe(roleAllows(role, resource, action));
    },
  );

  it.each(ROLE_CODES)("the %s record equals its table row", (role) => {
    expect(permissionsForRole(role)).toEqual(ROLE_PERMISSIONS[role]);
  });

  it("hands out a copy, so editing a record never changes the table", () => {
    const record = permissionsForRole("staff");
    expect(record.patient).not.toBe(ROLE_PERMISSIONS.staff.patient);
  });

  it("gives the super administrator nothing on patients, staff or sessions", () => {
    const record = permissionsForRole("super_admin");
    expect(record.patient).toBeUndefined();
    expect(record.staff).toBeUndefined();
    expect(record.game_attempt).toBeUndefined();
  });
});

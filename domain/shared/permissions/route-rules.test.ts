import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ROLE_CODES } from "../roles.ts";
import { toClientPermissions } from "./client-permissions.ts";
import { permissionsForRole } from "./permissions-for-role.ts";
import {
  canAssignGames,
  canCorrectAttempt,
  canOpenAdministratorDetail,
  getsSlpDashboard,
  NEW_STAFF_ROLE,
  seesExerciseTemplates,
} from "./route-rules.ts";

const clientFor = (role: (typeof ROLE_CODES)[number]) => toClientPermissions(permissionsForRole(role));

describe("role rules", () => {
  it("shows exercise templates to institution and super administrators only", () => {
    expect(ROLE_CODES.filter(seesExerciseTemplates)).toEqual(["super_admin", "institution_admin"]);
    expect(seesExerciseTemplates(undefined)).toBe(false);
  });

  it("gives the SLP dashboard to staff only", () => {
    expect(ROLE_CODES.filter(getsSlpDashboard)).toEqual(["staff"]);
  });

  it("creates staff members with the staff role", () => {
    expect(NEW_STAFF_ROLE).toBe("staff");
  });
});

describe("canAssignGames", () => {
  test.prop([fc.nat()])("needs the assign permission and at least one selected game", (count) => {
    expect(canAssignGames(clientFor("institution_admin"), count)).toBe(count > 0);
    expect(canAssignGames(clientFor("super_admin"), count)).toBe(false);
  });
});

describe("other route checks", () => {
  it("opens an administrator's detail only with retrieve on administrators", () => {
    expect(canOpenAdministratorDetail(clientFor("institution_admin"))).toBe(true);
    expect(canOpenAdministratorDetail(clientFor("staff"))).toBe(false);
  });

  it("corrects only server-flagged editable rows, and only with the update permission", () => {
    expect(canCorrectAttempt(clientFor("staff"), { isEditable: true })).toBe(true);
    expect(canCorrectAttempt(clientFor("staff"), { isEditable: false })).toBe(false);
    expect(canCorrectAttempt(clientFor("institution_admin"), { isEditable: true })).toBe(false);
  });
});

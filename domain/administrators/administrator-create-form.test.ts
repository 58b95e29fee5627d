import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ADMINISTRATOR_CREATE_FIELDS, ADMINISTRATOR_ROLE_OPTIONS, checkAdministratorCreate, EMPTY_ADMINISTRATOR_DRAFT } from "./administrator-create-form.ts";

const GOOD = { first_name: "Omar", last_name: "Haddad", email: "omar@riverside.test", role: "staff_admin" } as const;

describe("the new-administrator form's check", () => {
  it("says what is missing on every field of an empty form", () => {
    const checked = checkAdministratorCreate(EMPTY_ADMINISTRATOR_DRAFT, []);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors).sort()).toEqual([...ADMINISTRATOR_CREATE_FIELDS].sort());
  });

  it("sends the trimmed names and address, and refuses an address outside the allowed domains (ERROR_020)", () => {
    expect(checkAdministratorCreate({ ...GOOD, first_name: "  Omar " }, ["riverside.test"])).toEqual({ ok: true, value: GOOD });
    const outside = checkAdministratorCreate({ ...GOOD, email: "omar@lakeside.test" }, ["riverside.test"]);
    expect(outside.ok ? null : Object.keys(outside.errors)).toEqual(["email"]);
  });

  test.prop([fc.string({ maxLength: 20 })])("only the two administrator roles are taken; anything else (super_admin too) asks for a role", (role) => {
    const checked = checkAdministratorCreate({ ...GOOD, role }, []);
    const offered = ADMINISTRATOR_ROLE_OPTIONS.some((option) => option.id === role);
    expect(checked.ok).toBe(offered);
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(["role"]);
  });

  it("never offers the super administrator's role", () => {
    expect(ADMINISTRATOR_ROLE_OPTIONS.map((option) => option.id)).toEqual(["institution_admin", "staff_admin"]);
    expect(checkAdministratorCreate({ ...GOOD, role: "super_admin" }, []).ok).toBe(false);
  });
});

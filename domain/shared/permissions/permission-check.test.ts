import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, SERVER_TO_CLIENT_ACTION, type ClientAction, type ClientPermissions } from "../permission-vocabulary.ts";
import { ROLE_CODES } from "../roles.ts";
import { toClientPermissions } from "./client-permissions.ts";
import { canListOrRetrieve, hasPermission } from "./permission-check.ts";
import { permissionsForRole } from "./permissions-for-role.ts";

const CLIENT_ACTIONS: readonly ClientAction[] = [...new Set<ClientAction>([...Object.values(SERVER_TO_CLIENT_ACTION), "manage"])];
const clientAction = fc.constantFrom(...CLIENT_ACTIONS);
const resource = fc.constantFrom(...RESOURCES);
const role = fc.constantFrom(...ROLE_CODES);
const permissions: fc.Arbitrary<ClientPermissions> = fc.dictionary(resource, fc.uniqueArray(clientAction));

describe("hasPermission", () => {
  const staff = { permissions: toClientPermissions(permissionsForRole("staff")), role: "staff" as const };

  it("passes when every requested action is held", () => {
    expect(hasPermission(staff, { resource: "patient", actions: ["list", "retrieve"] })).toBe(true);
  });

  it("fails when one requested action is missing", () => {
    expect(hasPermission(staff, { resource: "patient", actions: ["list", "delete"] })).toBe(false);
  });

  it("passes on the role list even without the action", () => {
    expect(hasPermission(staff, { resource: "patient", actions: ["delete"], roles: ["staff", "staff_admin"] })).toBe(true);
    expect(hasPermission(staff, { resource: "patient", actions: ["delete"], roles: "staff" })).toBe(true);
    expect(hasPermission(staff, { resource: "patient", actions: ["delete"], roles: "super_admin" })).toBe(false);
  });

  it("grants nothing for an empty request, and nothing by role while the role is unknown", () => {
    expect(hasPermission(staff, { resource: "patient", actions: [] })).toBe(false);
    expect(hasPermission({ ...staff, role: undefined }, { resource: "settings", actions: ["create"], roles: ROLE_CODES })).toBe(false);
  });

  test.prop([permissions, fc.option(role, { nil: undefined }), resource, fc.array(clientAction), fc.array(clientAction)])(
    "is monotone: granting more actions never revokes a permission",
    (held, who, res, requested, extra) => {
      const before = hasPermission({ permissions: held, role: who }, { resource: res, actions: requested });
      const widened: ClientPermissions = { ...held, [res]: [...(held[res] ?? []), ...extra] };
      const after = hasPermission({ permissions: widened, role: who }, { resource: res, actions: requested });
      expect(!before || after).toBe(true);
    },
  );

  test.prop([permissions, role, resource, fc.array(clientAction), fc.array(role)])(
    "a role in the list always passes, whatever the permissions",
    (held, who, res, requested, others) => {
      expect(hasPermission({ permissions: held, role: who }, { resource: res, actions: requested, roles: [...others, who] })).toBe(true);
    },
  );

  test.prop([permissions, role, resource, fc.uniqueArray(clientAction, { minLength: 1 })])(
    "without a role bypass it passes exactly when the actions are a subset of the held list",
    (held, who, res, requested) => {
      const expected = requested.every((action) => (held[res] ?? []).includes(action));
      expect(hasPermission({ permissions: held, role: who }, { resource: res, actions: requested })).toBe(expected);
    },
  );
});

describe("canListOrRetrieve", () => {
  test.prop([permissions, resource])("holds exactly when list or retrieve is held", (held, res) => {
    const expected = hasPermission({ permissions: held, role: undefined }, { resource: res, actions: ["list"] }) ||
      hasPermission({ permissions: held, role: undefined }, { resource: res, actions: ["retrieve"] });
    expect(canListOrRetrieve(held, res)).toBe(expected);
  });

  it("lets the super administrator see institutions but not patients", () => {
    const client = toClientPermissions(permissionsForRole("super_admin"));
    expect(canListOrRetrieve(client, "institution")).toBe(true);
    expect(canListOrRetrieve(client, "patient")).toBe(false);
  });
});

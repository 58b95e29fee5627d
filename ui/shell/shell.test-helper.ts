import { currentUserWire } from "../../adapters/shared/fixtures.test-helper.ts";
import { ROLE_PERMISSIONS } from "../../domain/shared/permissions/role-permissions.ts";
import type { RoleCode } from "../../domain/shared/roles.ts";
import { UserId } from "../../domain/shared/ids.ts";
import type { AppHarness } from "../app/app-services.test-helper.ts";

/** The signed-in user's record as the server sends it, for a role, with that role's permissions. */
export const userWireFor = (role: RoleCode, overrides: Partial<typeof currentUserWire> = {}) => ({
  ...currentUserWire,
  role: { id: 1, title: role, code_name: role },
  permissions: ROLE_PERMISSIONS[role],
  institution: role === "super_admin" ? null : currentUserWire.institution,
  ...overrides,
});

/** Signs the harness in and answers the user record (after `delayMs`, if given); every other call fails. */
export const signInWith = (app: AppHarness, user: object, delayMs?: number): void => {
  app.harness.server.script((request) =>
    request.url === "/api/users/12/"
      ? { status: 200, json: user, ...(delayMs === undefined ? {} : { delayMs }) }
      : { status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "t" } },
  );
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
};

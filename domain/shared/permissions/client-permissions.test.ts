import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, SERVER_ACTIONS, SERVER_TO_CLIENT_ACTION } from "../permission-vocabulary.ts";
import { toClientPermissions } from "./client-permissions.ts";

const resource = fc.constantFrom(...RESOURCES);
const serverAction = fc.constantFrom(...SERVER_ACTIONS);
const knownMap = fc.dictionary(resource, fc.array(serverAction));
const untrustedMap = fc.dictionary(fc.oneof(resource, fc.string()), fc.array(fc.oneof(serverAction, fc.string())));

describe("toClientPermissions", () => {
  it("maps each server action to its client name", () => {
    expect(toClientPermissions({ patient: ["list", "inactivate", "activate", "partial_update", "assign_game"] }).patient).toEqual([
      "list",
      "deactivate",
      "restore",
      "partial",
      "assignGame",
    ]);
  });

  it("folds pause and archive into one archive action", () => {
    expect(toClientPermissions({ game: ["pause", "archive"] }).game).toEqual(["archive"]);
  });

  it("drops unknown resources and actions", () => {
    const client = toClientPermissions({ patient: ["list", "teleport"], spaceship: ["list"] });
    expect(client.patient).toEqual(["list"]);
    expect(Object.keys(client).sort()).toEqual(["dashboard", "patient", "settings"]);
  });

  it("gives an empty record manage on dashboard and settings only", () => {
    expect(toClientPermissions({})).toEqual({ dashboard: ["manage"], settings: ["manage"] });
  });

  test.prop([untrustedMap])("every user always gets manage on dashboard and settings", (server) => {
    const client = toClientPermissions(server);
    expect(client.dashboard).toContain("manage");
    expect(client.settings).toContain("manage");
  });

  test.prop([untrustedMap])("manage appears nowhere else and no action is listed twice", (server) => {
    const client = toClientPermissions(server);
    for (const [name, actions] of Object.entries(client)) {
      if (name !== "dashboard" && name !== "settings") expect(actions).not.toContain("manage");
      expect(new Set(actions).size).toBe(actions?.length);
    }
  });

  test.prop([resource, serverAction])("every mapped action round-trips to its client name", (res, action) => {
    expect(toClientPermissions({ [res]: [action] })[res]).toContain(SERVER_TO_CLIENT_ACTION[action]);
  });

  test.prop([knownMap])("a client action is granted exactly when some granted server action maps to it", (server) => {
    const client = toClientPermissions(server);
    for (const res of RESOURCES) {
      const expected = new Set((server[res] ?? []).map((action) => SERVER_TO_CLIENT_ACTION[action]));
      const got = new Set(client[res] ?? []);
      got.delete("manage");
      expect(got).toEqual(expected);
    }
  });
});

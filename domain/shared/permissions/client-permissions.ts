import {
  RESOURCES,
  SERVER_TO_CLIENT_ACTION,
  type ClientAction,
  type ClientPermissions,
  type Resource,
  type ServerAction,
} from "../permission-vocabulary.ts";

/**
 * The permissions map as it may arrive from the wire: a record of strings. ServerPermissions fits
 * it, and anything the server adds later (a new resource or action) fits it too and is dropped.
 */
export type PermissionsOnRecord = Readonly<Record<string, readonly string[] | undefined>>;

/** Resources on which every signed-in user may always manage their own view. */
export const ALWAYS_MANAGED: readonly Resource[] = ["dashboard", "settings"];

/** A resource the portal knows; a resource it does not know grants nothing. */
export const isResource = (value: string): value is Resource => RESOURCES.some((resource) => resource === value);

/** A server action the portal knows; an unknown action grants nothing. */
export const isServerAction = (value: string): value is ServerAction => Object.hasOwn(SERVER_TO_CLIENT_ACTION, value);

/** Translates the user record's server actions into client actions; every user always manages dashboard and settings. */
export const toClientPermissions = (server: PermissionsOnRecord): ClientPermissions => {
  const client: Partial<Record<Resource, ClientAction[]>> = {};
  const grant = (resource: Resource, action: ClientAction): void => {
    const actions = client[resource] ?? [];
    if (!actions.includes(action)) actions.push(action);
    client[resource] = actions;
  };
  for (const [resource, actions] of Object.entries(server)) {
    if (!isResource(resource) || actions === undefined) continue;
    for (const action of actions) {
      if (isServerAction(action)) grant(resource, SERVER_TO_CLIENT_ACTION[action]);
    }
  }
  for (const resource of ALWAYS_MANAGED) grant(resource, "manage");
  return client;
};

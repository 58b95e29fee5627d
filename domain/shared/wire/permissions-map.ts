import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";
import {
  RESOURCES,
  SERVER_ACTIONS,
  SERVER_TO_CLIENT_ACTION,
  type Resource,
  type ServerAction,
  type ServerPermissions,
} from "../permission-vocabulary.ts";

const isServerAction = (action: string): action is ServerAction =>
  Object.hasOwn(SERVER_TO_CLIENT_ACTION, action);

const RawPermissions = Schema.Record(Schema.String, Schema.Array(Schema.String));
type RawPermissions = typeof RawPermissions.Type;

const KnownPermissions = Schema.Record(
  Schema.Literals(RESOURCES),
  Schema.optionalKey(Schema.Array(Schema.Literals(SERVER_ACTIONS))),
);

const keepKnown = (raw: RawPermissions): ServerPermissions => {
  const known: { [R in Resource]?: readonly ServerAction[] } = {};
  for (const resource of RESOURCES) {
    const actions = Object.hasOwn(raw, resource) ? raw[resource] : undefined;
    if (actions !== undefined) known[resource] = actions.filter(isServerAction);
  }
  return known;
};

const toRaw = (permissions: ServerPermissions): RawPermissions => {
  const raw: Record<string, readonly string[]> = {};
  for (const resource of RESOURCES) {
    const actions = permissions[resource];
    if (actions !== undefined) raw[resource] = actions;
  }
  return raw;
};

/**
 * The permissions map of the user record (resource -> server actions). Resources and actions this
 * build does not know are dropped, not refused: a newer server granting a new action must not lock
 * anyone out of the portal, and an unknown grant can never widen what the portal shows.
 */
export const PermissionsMap = RawPermissions.pipe(
  Schema.decodeTo(
    KnownPermissions,
    SchemaTransformation.transform({ decode: keepKnown, encode: toRaw }),
  ),
);

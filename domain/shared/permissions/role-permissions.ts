import type { Resource, ServerAction, ServerPermissions } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";

/**
 * Which server actions each role holds on each resource. The spec leaves this to us (section 6,
 * "not shown"); this table is the single source: the user record's `permissions` map is built
 * from it and the server enforces it on every route. docs/permissions.md explains each choice.
 *
 * Least privilege for patient data: the super administrator manages institutions and their
 * administrators but holds nothing on patients, staff or sessions.
 */
export const ROLE_PERMISSIONS: Readonly<Record<RoleCode, ServerPermissions>> = {
  super_admin: {
    dashboard: ["dashboard"],
    institution: ["list", "retrieve", "create", "update", "partial_update", "assign_games"],
    administrator: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete"],
    game: ["list", "retrieve", "list_level", "list_configurations", "create", "update", "duplicate", "clear_content"],
    // Issue 38 (docs/audit-viewer.md): the institution-level rows of the audit log, and signing off their review.
    audit_log: ["list", "create"],
  },
  institution_admin: {
    dashboard: ["dashboard"],
    institution: ["retrieve", "update", "partial_update", "assign_games"],
    administrator: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete"],
    staff: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete"],
    patient: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete", "assign_game"],
    game: ["list", "retrieve", "list_level", "list_configurations", "assign_game", "create", "update", "duplicate", "clear_content"],
    game_attempt: ["list", "retrieve"],
    // Issue 24 (docs/billing.md, "Month-end"): locking a billing month is an administrative act, `archive` on rtm.
    rtm: ["list", "retrieve", "archive"],
    resources: ["list", "retrieve"],
    goals: ["list", "retrieve"],
    // Issue 38 (docs/audit-viewer.md): the institution's audit log and its weekly review sign-off.
    audit_log: ["list", "create"],
  },
  staff_admin: {
    dashboard: ["dashboard"],
    institution: ["retrieve"],
    staff: ["list", "retrieve", "create", "partial_update", "activate", "inactivate"],
    patient: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "assign_game"],
    game: ["list", "retrieve", "list_level", "list_configurations", "assign_game"],
    game_attempt: ["list", "retrieve", "partial_update"],
    slp_notes: ["list", "retrieve", "create", "partial_update"],
    // Issue 24 (docs/billing.md, "Time log"): the roles that review sessions log and correct treatment-management time and calls;
    // "Month-end": locking a billing month is an administrative act, `archive` on rtm.
    rtm: ["list", "retrieve", "create", "update", "archive"],
    slp_chat: ["list", "retrieve", "create"],
    resources: ["list", "retrieve"],
    goals: ["list", "retrieve", "create", "update"],
  },
  staff: {
    dashboard: ["dashboard"],
    institution: ["retrieve"],
    patient: ["list", "retrieve", "partial_update", "assign_game"],
    game: ["list", "retrieve", "list_level", "list_configurations", "assign_game"],
    game_attempt: ["list", "retrieve", "partial_update"],
    slp_notes: ["list", "retrieve", "create", "partial_update"],
    // Issue 24 (docs/billing.md, "Time log"): the roles that review sessions log and correct treatment-management time and calls.
    rtm: ["list", "retrieve", "create", "update"],
    slp_chat: ["list", "retrieve", "create"],
    resources: ["list", "retrieve"],
    goals: ["list", "retrieve", "create", "update"],
  },
};

/** A role may perform a server action on a resource exactly when the table grants it. */
export const roleAllows = (role: RoleCode, resource: Resource, action: ServerAction): boolean =>
  ROLE_PERMISSIONS[role][resource]?.includes(action) ?? false;

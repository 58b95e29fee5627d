import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import { ROLE } from "../shared/roles.ts";
import { ADMINISTRATOR_STATUS } from "../shared/statuses/administrator-status.ts";
import type { StatusAction } from "../shared/statuses/status-actions.ts";

/** The administrator an action is aimed at: their role, status, and how many active institution administrators their institution has now (them included). */
export type AdministratorStanding = {
  readonly role: string;
  readonly status: string;
  readonly activeInstitutionAdministrators: number;
};

/** Why the last-administrator rule holds an action back, for the screen's reason beside a disabled control. */
export const LAST_ADMINISTRATOR_REASON = "The institution's last active administrator cannot be deactivated or deleted: make another administrator active first.";

/** Whether the person is the only active institution administrator left, so no one but the platform could run the institution without them. */
export const isLastActiveAdministrator = (standing: AdministratorStanding): boolean =>
  standing.role === ROLE.institutionAdmin && standing.status === ADMINISTRATOR_STATUS.active && standing.activeInstitutionAdministrators <= 1;

/**
 * An institution always keeps one active institution administrator: deactivating or deleting the
 * last one is ERROR_050 naming their status (activating is always fine). Other roles are never
 * held back by this rule.
 */
export const checkLastAdministrator = (standing: AdministratorStanding, action: StatusAction): Result<StatusAction> =>
  action !== "activate" && isLastActiveAdministrator(standing)
    ? fail("ERROR_050", catalogueMessage("ERROR_050", { status: "active" }), { field: "status", placeholders: { status: "active" } })
    : succeed(action);

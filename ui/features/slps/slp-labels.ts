import { STAFF_STATUS, type StaffStatus } from "../../../domain/shared/statuses/staff-status.ts";

/** How the SLPs screens name an SLP's status. */
export const STAFF_STATUS_LABEL: Readonly<Record<StaffStatus, string>> = {
  [STAFF_STATUS.active]: "Active",
  [STAFF_STATUS.pending]: "Pending",
  [STAFF_STATUS.inactive]: "Inactive",
};

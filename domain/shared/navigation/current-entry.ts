import type { SidebarEntryKey } from "../permissions/sidebar-entries.ts";

// Which sidebar area a path belongs to. Detail, create and details-panel pages sit inside an area,
// so the area's entry stays marked as current while the user works in it.
const AREA_PREFIXES: ReadonlyArray<readonly [string, SidebarEntryKey]> = [
  ["/dashboard", "dashboard"],
  ["/create/organization/", "admins"],
  ["/create/organization", "institution"],
  ["/organizations", "institution"],
  ["/admins", "admins"],
  ["/create/staff", "slps"],
  ["/staff", "slps"],
  ["/create/patient", "patients"],
  ["/patients", "patients"],
  ["/patient", "patients"],
  ["/details-panel/patient", "patients"],
  ["/create/assign", "exercises"],
  ["/exercises", "exercises"],
  ["/rtm", "billing"],
  ["/slp-chat", "slp-chat"],
];

const within = (path: string, prefix: string): boolean =>
  prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

/** A page belongs to the sidebar area that holds it: /patient/5 and its details panel are part of Patients, creating an institution's admin is part of Admins. */
export const sidebarAreaOf = (path: string): SidebarEntryKey | null => {
  const found = AREA_PREFIXES.find(([prefix]) => within(path, prefix));
  return found === undefined ? null : found[1];
};

import type { ClientPermissions } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";

/** The signed-in user as the sidebar needs them; the institution id is absent until the profile has loaded. */
export type SidebarUser = {
  readonly permissions: ClientPermissions;
  readonly role: RoleCode | undefined;
  readonly institutionId?: number | null | undefined;
};

export const SIDEBAR_ENTRY = {
  dashboard: "dashboard",
  institution: "institution",
  admins: "admins",
  slps: "slps",
  patients: "patients",
  exercises: "exercises",
  billing: "billing",
  slpChat: "slp-chat",
  audit: "audit",
} as const;
export type SidebarEntryKey = (typeof SIDEBAR_ENTRY)[keyof typeof SIDEBAR_ENTRY];

/** One entry as the sidebar shows it; the entries come from the route declarations (domain/routes.ts). */
export type SidebarEntry = { readonly key: SidebarEntryKey; readonly label: string; readonly href: string };

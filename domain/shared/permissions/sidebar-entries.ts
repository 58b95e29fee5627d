import type { ClientAction, ClientPermissions, Resource } from "../permission-vocabulary.ts";
import { ROLE, type RoleCode } from "../roles.ts";

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
} as const;
export type SidebarEntryKey = (typeof SIDEBAR_ENTRY)[keyof typeof SIDEBAR_ENTRY];

export type SidebarEntry = { readonly key: SidebarEntryKey; readonly label: string; readonly href: string };

type EntryRule = {
  readonly key: SidebarEntryKey;
  readonly label: string;
  readonly resource: Resource;
  /** Any one of these actions on the resource shows the entry. */
  readonly anyOf: readonly ClientAction[];
  /** Entries without this flag are hidden from the super administrator, whatever the permissions say. */
  readonly superAdmin: boolean;
};

const LIST_OR_RETRIEVE: readonly ClientAction[] = ["list", "retrieve"];

/** The sidebar table of spec section 2, in display order. */
const ENTRY_RULES: readonly EntryRule[] = [
  { key: "dashboard", label: "Dashboard", resource: "dashboard", anyOf: ["manage"], superAdmin: true },
  { key: "institution", label: "Institution", resource: "institution", anyOf: LIST_OR_RETRIEVE, superAdmin: true },
  { key: "admins", label: "Admins", resource: "administrator", anyOf: LIST_OR_RETRIEVE, superAdmin: true },
  { key: "slps", label: "SLPs", resource: "staff", anyOf: LIST_OR_RETRIEVE, superAdmin: true },
  { key: "patients", label: "Patients", resource: "patient", anyOf: LIST_OR_RETRIEVE, superAdmin: true },
  { key: "exercises", label: "Exercises", resource: "game", anyOf: LIST_OR_RETRIEVE, superAdmin: true },
  { key: "billing", label: "Billing", resource: "rtm", anyOf: ["list"], superAdmin: false },
  { key: "slp-chat", label: "SLP Chat", resource: "slp_chat", anyOf: ["list"], superAdmin: false },
];

const STATIC_HREF: Readonly<Record<SidebarEntryKey, string>> = {
  dashboard: "/dashboard",
  institution: "/organizations",
  admins: "/admins",
  slps: "/staff",
  patients: "/patients",
  exercises: "/exercises",
  billing: "/rtm",
  "slp-chat": "/slp-chat",
};

/** The Institution entry opens the user's own institution once it is known, else the institutions list. */
export const institutionHref = (institutionId: number | null | undefined): string =>
  institutionId === null || institutionId === undefined ? "/organizations" : `/organizations/${institutionId}`;

/** The sidebar shows an area only when the role may list or open it; billing and chat are never shown to the super administrator. */
export const sidebarEntries = (user: SidebarUser): readonly SidebarEntry[] =>
  ENTRY_RULES.filter((rule) => {
    if (user.role === ROLE.superAdmin && !rule.superAdmin) return false;
    const granted = user.permissions[rule.resource] ?? [];
    return rule.anyOf.some((action) => granted.includes(action));
  }).map((rule) => ({
    key: rule.key,
    label: rule.label,
    href: rule.key === "institution" ? institutionHref(user.institutionId) : STATIC_HREF[rule.key],
  }));

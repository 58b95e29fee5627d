/** The four roles of the portal, as the server names them (spec section 3). */
export const ROLE = {
  superAdmin: "super_admin",
  institutionAdmin: "institution_admin",
  staffAdmin: "staff_admin",
  staff: "staff",
} as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_CODES: readonly RoleCode[] = Object.values(ROLE);

export const ROLE_TITLES: Readonly<Record<RoleCode, string>> = {
  super_admin: "Super administrator",
  institution_admin: "Institution administrator",
  staff_admin: "Staff administrator",
  staff: "Speech-language pathologist",
};

/** The spec also writes role codes upper-cased (SUPER_ADMIN, STAFF); both spellings name one role. */
export const normaliseRoleCode = (code: string): RoleCode | undefined => {
  const lower = code.trim().toLowerCase();
  return ROLE_CODES.find((role) => role === lower);
};

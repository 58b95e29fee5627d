import type { RouteUser } from "./route-declaration.ts";

/** An institution is the user's own when it is the one on their record (the super administrator has none). */
export const isOwnInstitution = (user: RouteUser | undefined, institutionId: number | null): boolean =>
  user !== undefined && institutionId !== null && user.institutionId === institutionId;

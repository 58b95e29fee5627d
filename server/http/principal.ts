import type { FastifyRequest } from "fastify";
import type { InstitutionId, UserId } from "../../domain/ids.ts";
import type { RoleCode } from "../../domain/roles.ts";

/** The signed-in user a request acts for, as the authenticator established it. */
export type Principal = {
  readonly userId: UserId;
  readonly role: RoleCode;
  /** Null for super administrators, who stand above institutions. */
  readonly institutionId: InstitutionId | null;
};

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

/**
 * The authentication port: reads the request's credentials (the Bearer access token, once the
 * sign-in issue lands) and returns who is calling, or undefined when nobody is.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Principal | undefined>;

/** Until sign-in exists nobody is authenticated, so every protected route answers 401. */
export const noAuthenticator: Authenticator = async () => undefined;

import type { FastifyRequest } from "fastify";
import type { InstitutionId, StaffId, UserId } from "../../domain/shared/ids.ts";
import type { RoleCode } from "../../domain/shared/roles.ts";

/** The signed-in user a request acts for, as the authenticator established it. */
export type Principal = {
  readonly userId: UserId;
  readonly role: RoleCode;
  /** Null for super administrators, who stand above institutions. */
  readonly institutionId: InstitutionId | null;
  /** The auth session the access token belongs to (sign-out and revocation end it). */
  readonly sessionId: string;
  /**
   * Their own SLP (staff) row in their institution, null when they have none: read with the
   * session row in the one statement that identifies them, so the patient scope needs no lookup
   * of its own. Whether it widens or narrows what they reach is the scope's business (an SLP
   * reaches their caseload). Absent only from test stand-ins at the authentication port, whose
   * scope looks it up instead (server/http/patient-scope.ts).
   */
  readonly staffId?: StaffId | null;
};

/** Someone whose password was accepted and who is still in the sign-in steps (Token scheme). */
export type PreAuthPrincipal = Principal;

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | undefined;
    /** Set only on `{ preAuth: true }` routes. */
    preAuth: PreAuthPrincipal | undefined;
  }
}

/**
 * The authentication port: reads the request's Bearer access token and returns who is calling,
 * or undefined when nobody (valid) is.
 */
export type Authenticator = (request: FastifyRequest) => Promise<Principal | undefined>;

/** The same port for the sign-in steps: the `Token` scheme's pre-authentication token. */
export type PreAuthenticator = (request: FastifyRequest) => Promise<PreAuthPrincipal | undefined>;

import type {
  Administrator,
  AdministratorCreateBody,
  AdministratorListQuery,
  AdministratorListResponse,
  AdministratorPatchBody,
} from "../../domain/administrators/administrators-wire.ts";
import type { AdministratorId } from "../../domain/shared/ids.ts";

// The port the administrators pages (and an institution's page, which lists its administrators)
// depend on; administrators-api.ts is its HTTP implementation.

/** What an edit sends: names, and the e-mail only when it changed (the version goes as If-Match). */
export type AdministratorChanges = Omit<AdministratorPatchBody, "version">;

/**
 * The administrators calls of spec section 7 and their invitations; each rejects with an
 * ApiFailure. Writes to an existing administrator name the version the viewer saw (If-Match), so
 * a record changed meanwhile is refused (412) rather than overwritten.
 */
export type AdministratorsApi = {
  /** One page (five by default) of GET administrators/: the super administrator names the institution. */
  readonly listAdministrators: (query: AdministratorListQuery, signal?: AbortSignal) => Promise<AdministratorListResponse>;
  readonly getAdministrator: (id: AdministratorId, signal?: AbortSignal) => Promise<Administrator>;
  /** Invites a new administrator: pending, with an e-mailed link. */
  readonly createAdministrator: (body: AdministratorCreateBody) => Promise<Administrator>;
  readonly updateAdministrator: (id: AdministratorId, changes: AdministratorChanges, version: number) => Promise<Administrator>;
  readonly activateAdministrator: (id: AdministratorId, version: number) => Promise<Administrator>;
  readonly deactivateAdministrator: (id: AdministratorId, version: number) => Promise<Administrator>;
  /** Soft delete: the administrator leaves every list; the audit trail keeps them. */
  readonly deleteAdministrator: (id: AdministratorId, version: number) => Promise<void>;
  /** A new invitation link (the old one stops working). */
  readonly resendInvitation: (id: AdministratorId) => Promise<Administrator>;
  /** Withdraws the open link; the account stays pending. */
  readonly revokeInvitation: (id: AdministratorId) => Promise<Administrator>;
};

import type { StaffCreateBody, StaffListResponse, StaffMember, StaffPatchBody } from "../../domain/slps/index.ts";
import type { StaffId } from "../../domain/shared/ids.ts";

// The port the SLPs pages and their data hooks depend on; slps-api.ts is its HTTP implementation.

/** Which page of the SLPs list, narrowed by a search. */
export type StaffListRequest = { readonly page: number; readonly search: string };

/**
 * The staff calls of spec section 7 and their invitations; each rejects with an ApiFailure. A
 * write names the version of the record the person saw (If-Match): changed since, it is refused
 * with a 412 on `version` (isStaleVersionFailure) and nothing is written.
 */
export type SlpsApi = {
  readonly listStaff: (request: StaffListRequest, signal?: AbortSignal) => Promise<StaffListResponse>;
  /** The institution's active SLPs other than `except`: who can take over a leaving SLP's patients. */
  readonly listActiveSuccessors: (except: StaffId, signal?: AbortSignal) => Promise<StaffListResponse["results"]>;
  readonly getStaff: (id: StaffId, signal?: AbortSignal) => Promise<StaffMember>;
  /** Invites a new SLP: pending, with an e-mailed link. */
  readonly createStaff: (body: StaffCreateBody) => Promise<StaffMember>;
  readonly updateStaff: (id: StaffId, body: StaffPatchBody, version: number) => Promise<StaffMember>;
  readonly activateStaff: (id: StaffId, version: number) => Promise<StaffMember>;
  /** Their patients move to `reassignTo` in the same change (required while they have patients). */
  readonly deactivateStaff: (id: StaffId, version: number, reassignTo: StaffId | null) => Promise<StaffMember>;
  /** Soft delete; their patients move to `reassignTo` in the same change. */
  readonly deleteStaff: (id: StaffId, version: number, reassignTo: StaffId | null) => Promise<void>;
  readonly resendInvitation: (id: StaffId) => Promise<StaffMember>;
  readonly revokeInvitation: (id: StaffId) => Promise<StaffMember>;
};

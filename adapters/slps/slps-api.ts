import { STAFF_PAGE_SIZE, type StaffCreateBody, type StaffListResponse, type StaffMember, type StaffPatchBody } from "../../domain/slps/index.ts";
import {
  activateStaffEndpoint,
  createStaffEndpoint,
  deleteStaffEndpoint,
  getStaffEndpoint,
  inactivateStaffEndpoint,
  listStaffEndpoint,
  resendStaffInvitationEndpoint,
  revokeStaffInvitationEndpoint,
  updateStaffEndpoint,
} from "../../domain/slps/staff-endpoints.ts";
import { STAFF_STATUS } from "../../domain/shared/statuses/staff-status.ts";
import type { StaffId } from "../../domain/shared/ids.ts";
import { cursorQueryOf } from "../../domain/shared/wire/page-cursor.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the SLPs pages and their data hooks depend on, declared beside its one (HTTP) implementation.

/** Which page of the SLPs list, narrowed by a search. */
/** A page of the staff list: its number, the search, and the key cursor that leads to it (issue 36), if any. */
export type StaffListRequest = { readonly page: number; readonly search: string; readonly cursor?: string | undefined };

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

// The successor picker reads one large page: an institution's SLPs fit in it, and the server caps it.
const SUCCESSOR_PAGE_SIZE = 100;

/** The leave body: the successor when there is one (the version goes as If-Match). */
const leaveBody = (reassignTo: StaffId | null) => (reassignTo === null ? undefined : { reassign_to: reassignTo });

/** Staff calls on the given client (Bearer), each a declared endpoint (domain/slps/staff-endpoints.ts). */
export const createSlpsApi = (client: ApiClient): SlpsApi => ({
  listStaff: ({ page, search, cursor }, signal) => {
    const text = search.trim();
    return client.call(listStaffEndpoint, { query: { page, page_size: STAFF_PAGE_SIZE, ...(text === "" ? {} : { search: text }), ...cursorQueryOf(cursor) }, signal });
  },
  listActiveSuccessors: async (except, signal) => {
    const page = await client.call(listStaffEndpoint, { query: { page: 1, page_size: SUCCESSOR_PAGE_SIZE }, signal });
    return page.results.filter((row) => row.id !== except && row.status === STAFF_STATUS.active);
  },
  getStaff: (id, signal) => client.call(getStaffEndpoint, { params: { id }, signal }),
  createStaff: (body) => client.call(createStaffEndpoint, { body }),
  updateStaff: (id, body, version) => client.call(updateStaffEndpoint, { params: { id }, body, ifMatch: version }),
  activateStaff: (id, version) => client.call(activateStaffEndpoint, { params: { id }, body: undefined, ifMatch: version }),
  deactivateStaff: (id, version, reassignTo) => client.call(inactivateStaffEndpoint, { params: { id }, body: leaveBody(reassignTo), ifMatch: version }),
  deleteStaff: async (id, version, reassignTo) => {
    await client.call(deleteStaffEndpoint, { params: { id }, body: leaveBody(reassignTo), ifMatch: version });
  },
  resendInvitation: (id) => client.call(resendStaffInvitationEndpoint, { params: { id }, body: undefined }),
  revokeInvitation: (id) => client.call(revokeStaffInvitationEndpoint, { params: { id }, body: undefined }),
});

/** The staff calls of the app's client, made once, from the lazy signed-in pages. */
export const slpsApiOf = perClient(createSlpsApi);

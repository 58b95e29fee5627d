import { rtmListEndpoint } from "../../domain/billing/rtm-list-endpoints.ts";
import { RTM_PAGE_SIZE, type RtmListResponse, type RtmOrdering } from "../../domain/billing/rtm-list-wire.ts";
import { listStaffEndpoint } from "../../domain/slps/index.ts";
import type { BillingStatus } from "../../domain/billing/billing-status.ts";
import type { StaffId } from "../../domain/shared/ids.ts";
import { cursorQueryOf } from "../../domain/shared/wire/page-cursor.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// The /rtm list (issue 24), declared beside its one (HTTP) implementation.

/** What the page asks for: the month (absent: the institution's current one), a page, an SLP, a status, an order. */
export type RtmListAsk = {
  readonly month: string | null;
  readonly page: number;
  readonly slp: StaffId | null;
  readonly ordering: RtmOrdering;
  readonly status: BillingStatus | null;
  /** The key cursor Next or Previous followed (issue 36): a seek however deep the page; without it the page number. */
  readonly cursor?: string | undefined;
};

/** An SLP the administrator may filter on. */
export type RtmSlpOption = { readonly id: StaffId; readonly name: string };

export type RtmListApi = {
  readonly listRtm: (ask: RtmListAsk, signal?: AbortSignal) => Promise<RtmListResponse>;
  /** The institution's SLPs for the filter (administrators only; one large page). */
  readonly listSlps: (signal?: AbortSignal) => Promise<readonly RtmSlpOption[]>;
};

// An institution's SLPs fit in one page of the staff list; the server caps it at 100.
const SLP_PAGE_SIZE = 100;

/** The /rtm list calls on the given client (Bearer), each a declared endpoint. */
export const createRtmListApi = (client: ApiClient): RtmListApi => ({
  listRtm: ({ month, page, slp, ordering, status, cursor }, signal) =>
    client.call(rtmListEndpoint, {
      query: {
        page,
        page_size: RTM_PAGE_SIZE,
        ordering,
        ...(month === null ? {} : { month }),
        ...(slp === null ? {} : { slp }),
        ...(status === null ? {} : { status }),
        ...cursorQueryOf(cursor),
      },
      signal,
    }),
  listSlps: async (signal) => {
    const staff = await client.call(listStaffEndpoint, { query: { page: 1, page_size: SLP_PAGE_SIZE }, signal });
    return staff.results.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}` }));
  },
});

/** The /rtm list calls of the app's client, made once, from the lazy page. */
export const rtmListApiOf = perClient(createRtmListApi);

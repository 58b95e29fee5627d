import type { BillingStatus } from "../../domain/billing/billing-status.ts";
import type { RtmListResponse, RtmOrdering } from "../../domain/billing/rtm-list-wire.ts";
import type { StaffId } from "../../domain/shared/ids.ts";

// The port of the /rtm list (issue 24); rtm-list-api.ts is its HTTP side.

/** What the page asks for: the month (absent: the institution's current one), a page, an SLP, a status, an order. */
export type RtmListAsk = {
  readonly month: string | null;
  readonly page: number;
  readonly slp: StaffId | null;
  readonly ordering: RtmOrdering;
  readonly status: BillingStatus | null;
};

/** An SLP the administrator may filter on. */
export type RtmSlpOption = { readonly id: StaffId; readonly name: string };

export type RtmListApi = {
  readonly listRtm: (ask: RtmListAsk, signal?: AbortSignal) => Promise<RtmListResponse>;
  /** The institution's SLPs for the filter (administrators only; one large page). */
  readonly listSlps: (signal?: AbortSignal) => Promise<readonly RtmSlpOption[]>;
};

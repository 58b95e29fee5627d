import { endpoint } from "../shared/wire/endpoint.ts";
import { RtmListQuery, RtmListResponse } from "./rtm-list-wire.ts";

// The /rtm list (issue 24), declared once for the server's route and the adapter's call.

/** GET rtm/: one page of the caller's patients with their month's billing status. */
export const rtmListEndpoint = endpoint({
  method: "GET",
  path: "/api/rtm/",
  query: RtmListQuery,
  answer: RtmListResponse,
});

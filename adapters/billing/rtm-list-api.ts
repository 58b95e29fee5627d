import { rtmListEndpoint } from "../../domain/billing/rtm-list-endpoints.ts";
import { RTM_PAGE_SIZE } from "../../domain/billing/rtm-list-wire.ts";
import { listStaffEndpoint } from "../../domain/slps/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { RtmListApi } from "./rtm-list-port.ts";

// An institution's SLPs fit in one page of the staff list; the server caps it at 100.
const SLP_PAGE_SIZE = 100;

/** The /rtm list calls on the given client (Bearer), each a declared endpoint. */
export const createRtmListApi = (client: ApiClient): RtmListApi => ({
  listRtm: ({ month, page, slp, ordering, status }, signal) =>
    client.call(rtmListEndpoint, {
      query: {
        page,
        page_size: RTM_PAGE_SIZE,
        ordering,
        ...(month === null ? {} : { month }),
        ...(slp === null ? {} : { slp }),
        ...(status === null ? {} : { status }),
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

import { monitoringFlagEndpoint } from "../../domain/billing/monitoring-flag-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { MonitoringFlagApi } from "./monitoring-flag-port.ts";

/** The flag's call on the given client (Bearer), the call of its declared endpoint. */
export const createMonitoringFlagApi = (client: ApiClient): MonitoringFlagApi => ({
  setMonitoringFlag: (id, body) => client.call(monitoringFlagEndpoint, { params: { id }, body }),
});

/** The flag's call of the app's client, made once, from the lazy billing section. */
export const monitoringFlagApiOf = perClient(createMonitoringFlagApi);

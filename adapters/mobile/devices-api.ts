import { issueDeviceEndpoint, listDevicesEndpoint, revokeDeviceEndpoint } from "../../domain/mobile/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { DevicesApi } from "./devices-port.ts";

/** A patient's device calls on the given client (Bearer), each a declared endpoint (domain/mobile/mobile-endpoints.ts). */
export const createDevicesApi = (client: ApiClient): DevicesApi => ({
  listDevices: (id, signal) => client.call(listDevicesEndpoint, { params: { id }, signal }),
  issueDevice: (id, body) => client.call(issueDeviceEndpoint, { params: { id }, body }),
  revokeDevice: async (id, device_id) => {
    await client.call(revokeDeviceEndpoint, { params: { id, device_id }, body: undefined });
  },
});

/** The device calls of the app's client, made once, from the lazy patient record. */
export const devicesApiOf = perClient(createDevicesApi);

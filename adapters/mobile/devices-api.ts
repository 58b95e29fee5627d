import {
  issueDeviceEndpoint,
  listDevicesEndpoint,
  revokeDeviceEndpoint,
  type DeviceCreateBody,
  type DeviceId,
  type DeviceList,
  type IssuedDevice,
} from "../../domain/mobile/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the patient record's "Patient's app" section depends on, declared beside its one (HTTP) implementation.

/** A patient's devices (docs/mobile-api.md); each call rejects with an ApiFailure. */
export type DevicesApi = {
  /** Every device of the patient, revoked ones too, newest first; never a token. */
  readonly listDevices: (patient: PatientId, signal?: AbortSignal) => Promise<DeviceList>;
  /** Pairs a device: the answer carries its token, which the portal can never show again. */
  readonly issueDevice: (patient: PatientId, body: DeviceCreateBody) => Promise<IssuedDevice>;
  /** Revokes a device: its token stops working at once. */
  readonly revokeDevice: (patient: PatientId, device: DeviceId) => Promise<void>;
};

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

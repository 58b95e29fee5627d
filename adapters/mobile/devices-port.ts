import type { DeviceCreateBody, DeviceId, DeviceList, IssuedDevice } from "../../domain/mobile/index.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port the patient record's "Patient's app" section depends on; devices-api.ts is its HTTP
// implementation.

/** A patient's devices (docs/mobile-api.md); each call rejects with an ApiFailure. */
export type DevicesApi = {
  /** Every device of the patient, revoked ones too, newest first; never a token. */
  readonly listDevices: (patient: PatientId, signal?: AbortSignal) => Promise<DeviceList>;
  /** Pairs a device: the answer carries its token, which the portal can never show again. */
  readonly issueDevice: (patient: PatientId, body: DeviceCreateBody) => Promise<IssuedDevice>;
  /** Revokes a device: its token stops working at once. */
  readonly revokeDevice: (patient: PatientId, device: DeviceId) => Promise<void>;
};

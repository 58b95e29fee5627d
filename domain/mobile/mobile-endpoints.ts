import { endpoint } from "../shared/wire/endpoint.ts";
import { DEVICE_FIELD_CODES, DeviceCreateBody, DeviceList, IssuedDevice, PatientDevicePathParams, PatientDevicesPathParams } from "./device-wire.ts";
import { MOBILE_SESSION_FIELD_CODES, MobileSessionReceipt, MobileSessionUpload } from "./mobile-session-wire.ts";

// The calls of the patients' app and of pairing it (docs/mobile-api.md), declared once for the
// server's routes and the adapter's calls.

/** GET patients/{id}/devices/: the patient's paired devices, revoked ones too, newest first; never a token. */
export const listDevicesEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/devices/",
  params: PatientDevicesPathParams,
  answer: DeviceList,
});

/** POST patients/{id}/devices/: pair a device; the answer holds its token, shown this once. */
export const issueDeviceEndpoint = endpoint({
  method: "POST",
  path: "/api/patients/:id/devices/",
  params: PatientDevicesPathParams,
  body: DeviceCreateBody,
  bodyCodes: DEVICE_FIELD_CODES,
  answer: IssuedDevice,
});

/** DELETE patients/{id}/devices/{device_id}/: revoke a device; its token stops working at once (204). */
export const revokeDeviceEndpoint = endpoint({
  method: "DELETE",
  path: "/api/patients/:id/devices/:device_id/",
  params: PatientDevicePathParams,
});

/**
 * POST mobile/game-sessions/: the patients' app sends one finished session
 * (`Authorization: Device <token>`); 201 the first time, 200 with the same body for a repeat of
 * its client_session_id.
 */
export const uploadGameSessionEndpoint = endpoint({
  method: "POST",
  path: "/api/mobile/game-sessions/",
  body: MobileSessionUpload,
  bodyCodes: MOBILE_SESSION_FIELD_CODES,
  answer: MobileSessionReceipt,
});

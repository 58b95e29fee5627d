import * as Schema from "effect/Schema";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { IdNumber, PatientId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { boundedText, isVisibleText } from "../shared/wire/text-fields.ts";

/**
 * A patient's device: the installation of the exercise app that sends their sessions
 * (docs/mobile-api.md). It holds a token issued from the patient's record; the portal keeps only
 * the token's hash, so the token is shown once, when issued.
 */
export const DeviceId = IdNumber.pipe(Schema.brand("DeviceId"));
export type DeviceId = typeof DeviceId.Type;

/** The longest device label: a name people recognise ("Margaret's tablet"), not a description. */
export const DEVICE_LABEL_MAX_LENGTH = 100;

/** What a clinician calls the device; trimmed, one line, 1 to 100 characters. */
export const DeviceLabel = boundedText(DEVICE_LABEL_MAX_LENGTH).check(isVisibleText(), Schema.isMinLength(1));

/** POST patients/{id}/devices/: the label of the device to pair. */
export const DeviceCreateBody = Schema.Struct({ label: DeviceLabel });
export type DeviceCreateBody = typeof DeviceCreateBody.Type;

/** A missing label reads "The label is required" (ERROR_003); a bad one ERROR_056. */
export const DEVICE_FIELD_CODES: FieldCodes = { label: { missing: "ERROR_003" } };

/** patients/{id}/devices/: whose devices. */
export const PatientDevicesPathParams = Schema.Struct({ id: idFromUrl(PatientId) });
export type PatientDevicesPathParams = typeof PatientDevicesPathParams.Type;

/** patients/{id}/devices/{device_id}/: one device of one patient. */
export const PatientDevicePathParams = Schema.Struct({ id: idFromUrl(PatientId), device_id: idFromUrl(DeviceId) });
export type PatientDevicePathParams = typeof PatientDevicePathParams.Type;

/** A device as the patient's record lists it; never its token. `revoked_at` null while it may send sessions. */
export const Device = Schema.Struct({
  id: DeviceId,
  label: Schema.String,
  created_at: IsoDateTime,
  /** When it last sent a session (to the minute), null before its first. */
  last_used_at: Schema.NullOr(IsoDateTime),
  revoked_at: Schema.NullOr(IsoDateTime),
});
export type Device = typeof Device.Type;

/** GET patients/{id}/devices/: every device of the patient, revoked ones too, newest first. */
export const DeviceList = Schema.Array(Device);
export type DeviceList = typeof DeviceList.Type;

/** A device token as sent: 32 random bytes in base64url, 43 characters. */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const DeviceToken = Schema.String.check(Schema.isPattern(DEVICE_TOKEN_PATTERN, { expected: "a device token" }));

/**
 * POST patients/{id}/devices/ answers the device and, this once, its token: the app is set up
 * with it (typed or scanned); the portal cannot show it again, only revoke it and issue another.
 */
export const IssuedDevice = Schema.Struct({ ...Device.fields, token: DeviceToken });
export type IssuedDevice = typeof IssuedDevice.Type;

/** The Authorization scheme the app sends its token with: `Authorization: Device <token>`. */
export const DEVICE_AUTH_SCHEME = "Device";

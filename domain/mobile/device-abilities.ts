import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";
import { PATIENT_STATUS } from "../shared/statuses/patient-status.ts";
import { holdsInvisibleCharacter, invisibleCharacterMessage } from "../shared/validators/invisible-characters.ts";
import { holdsForbiddenCharacter } from "../shared/wire/text-fields.ts";
import { DEVICE_LABEL_MAX_LENGTH } from "./device-wire.ts";

/** What the patient record's "Patient's app" section offers a viewer on one patient. */
export type DeviceAbilities = {
  /** The devices are listed at all: the server lists them only to those who may edit the patient. */
  readonly see: boolean;
  /** A new device may be connected now. */
  readonly connect: boolean;
  /** Why an editor cannot connect one now, in words, or null. */
  readonly connectRefusal: string | null;
  /** A device that still works may be revoked (whatever the patient's status: revoking only takes away). */
  readonly revoke: boolean;
};

const INACTIVE_REFUSAL = "An inactive patient cannot get a new device: activate them first. Devices already connected can still be revoked.";

/**
 * Pairing the patients' app follows editing the patient: whoever may edit the patient sees,
 * connects and revokes their devices, others see nothing of them; an inactive patient gets no new
 * device (ERROR_050, as the server answers), though their devices can still be revoked.
 */
export const deviceAbilities = (viewer: { readonly edit: boolean }, patientStatus: string): DeviceAbilities => {
  if (!viewer.edit) return { see: false, connect: false, connectRefusal: null, revoke: false };
  const inactive = patientStatus === PATIENT_STATUS.inactive;
  return {
    see: true,
    connect: !inactive,
    connectRefusal: inactive ? INACTIVE_REFUSAL : null,
    revoke: true,
  };
};

/**
 * A device's label names it for people ("Margaret's tablet"): required (ERROR_003), one line of at
 * most 100 characters once trimmed, with nothing invisible in it (ERROR_056), as the server's
 * DeviceLabel decodes it. Gives the trimmed label.
 */
export const validateDeviceLabel = (text: string): Result<string> => {
  const label = text.trim();
  const field = "label";
  if (label.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "label" }), { field });
  if (label.length > DEVICE_LABEL_MAX_LENGTH) return fail("ERROR_056", `The label must be at most ${DEVICE_LABEL_MAX_LENGTH} characters`, { field });
  if (holdsForbiddenCharacter(label, "single-line")) return fail("ERROR_056", "The label must be one line of plain text", { field });
  if (holdsInvisibleCharacter(label)) return fail("ERROR_056", invisibleCharacterMessage("label"), { field });
  return succeed(label);
};

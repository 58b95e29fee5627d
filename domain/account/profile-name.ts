import { fail, type Result } from "../shared/result.ts";
import { validatePersonName } from "../shared/validators/person-name.ts";
import { characterCount } from "../shared/validators/text-length.ts";

/** The same bound the wire puts on every person name (domain/shared/wire/text-fields.ts PersonName). */
export const MAX_PROFILE_NAME_LENGTH = 150;

export type ProfileNameField = "first_name" | "last_name";

const LABELS: Readonly<Record<ProfileNameField, string>> = { first_name: "first name", last_name: "last name" };

/**
 * A person's own first or last name (Settings > Profile) follows the patient-name rule: required
 * (ERROR_003 'The first name is required'), at least 2 characters (ERROR_004), and at most 150
 * (ERROR_056), not counting surrounding spaces. The trimmed name comes back.
 */
export const validateProfileName = (text: string, field: ProfileNameField): Result<string> => {
  const label = LABELS[field];
  const checked = validatePersonName(text, label, field);
  if (!checked.ok) return checked;
  if (characterCount(checked.value) > MAX_PROFILE_NAME_LENGTH) {
    return fail("ERROR_056", `The ${label} is too long (at most ${MAX_PROFILE_NAME_LENGTH} characters).`, { field });
  }
  return checked;
};

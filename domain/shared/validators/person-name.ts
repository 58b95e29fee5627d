import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";
import { holdsInvisibleCharacter, invisibleCharacterMessage } from "./invisible-characters.ts";
import { characterCount } from "./text-length.ts";

/** The fewest characters a first or last name may have, for patients and staff alike. */
export const MIN_PERSON_NAME_LENGTH = 2;

/**
 * A person's name is required (ERROR_003, 'The first name is required') and at least 2
 * characters (ERROR_004, 'The first name is too short.'), with no invisible direction or width
 * character (ERROR_056). Patients' forms and the Settings profile share it.
 */
export const validatePersonName = (text: string, label: string, field: string): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: label }), { field });
  if (characterCount(trimmed) < MIN_PERSON_NAME_LENGTH) return fail("ERROR_004", `The ${label} is too short.`, { field });
  if (holdsInvisibleCharacter(trimmed)) return fail("ERROR_056", invisibleCharacterMessage(label), { field });
  return succeed(trimmed);
};

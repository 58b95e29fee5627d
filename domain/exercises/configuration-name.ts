import { fail, type Result } from "../shared/result.ts";
import { validateVisibleText } from "../shared/validators/invisible-characters.ts";
import { characterCount } from "../shared/validators/text-length.ts";

export const MIN_CONFIGURATION_NAME_LENGTH = 2;
export const CONFIGURATION_NAME_REQUIRED = "Configuration name is required";
export const CONFIGURATION_NAME_TOO_SHORT = "Configuration name must be at least 2 characters";

/** An exercise configuration needs a name of at least 2 characters, not counting surrounding spaces, and with no invisible direction or width character (ERROR_056). */
export const validateConfigurationName = (name: string): Result<string> => {
  const trimmed = name.trim();
  if (trimmed.length === 0) return fail("ERROR_003", CONFIGURATION_NAME_REQUIRED, { field: "name" });
  if (characterCount(trimmed) < MIN_CONFIGURATION_NAME_LENGTH) {
    return fail("ERROR_004", CONFIGURATION_NAME_TOO_SHORT, { field: "name" });
  }
  return validateVisibleText(trimmed, "configuration name", "name");
};

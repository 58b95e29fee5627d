import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";
import { isDomainName } from "./domain-name.ts";
import { holdsInvisibleCharacter, invisibleCharacterMessage } from "./invisible-characters.ts";

export const EMAIL_INVALID_MESSAGE = "The email is not valid";
const MAX_EMAIL_LENGTH = 254;
const LOCAL_PART = /^[^\s@",:;<>()[\]\\]{1,64}$/;

/** An email is required (ERROR_003) and must be one local part, one @ and a real-looking domain, with no invisible character (ERROR_056); it is trimmed, and its domain lower-cased. */
export const validateEmail = (text: string, field = "email"): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "email" }), { field });
  if (holdsInvisibleCharacter(trimmed)) return fail("ERROR_056", invisibleCharacterMessage("email"), { field });
  const at = trimmed.lastIndexOf("@");
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  const valid = at > 0 && trimmed.length <= MAX_EMAIL_LENGTH && LOCAL_PART.test(local) && isDomainName(domain);
  return valid ? succeed(`${local}@${domain}`) : fail("ERROR_056", EMAIL_INVALID_MESSAGE, { field });
};

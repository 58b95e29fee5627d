import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";
import { isDomainName } from "./domain-name.ts";
import { holdsInvisibleCharacter, invisibleCharacterMessage } from "./invisible-characters.ts";
import { mixesScripts } from "./letter-scripts.ts";

// The WHATWG URL parser is in every browser and in Node; domain/ compiles without DOM or Node
// types, so only the one member used here is declared (this binding shadows no type of ours).
declare const URL: new (input: string) => { readonly hostname: string };

export const EMAIL_INVALID_MESSAGE = "The email is not valid";
export const EMAIL_MIXED_SCRIPTS_MESSAGE = "The email mixes letters of different alphabets";
const MAX_EMAIL_LENGTH = 254;
const LOCAL_PART = /^[^\s@",:;<>()[\]\\]{1,64}$/;

/** A domain as DNS compares it: lower case, without the root's trailing dot, internationalised labels in their ASCII (punycode) form; undefined when it cannot be one. */
const asciiDomain = (domain: string): string | undefined => {
  const bare = domain.endsWith(".") ? domain.slice(0, -1) : domain;
  if (bare === "" || /[/?#@:\\\s[\]%]/u.test(bare)) return undefined;
  try {
    return new URL(`http://${bare}`).hostname;
  } catch {
    return undefined;
  }
};

/**
 * One address, one way of writing it: trimmed, the domain lower-cased, without a trailing dot and in
 * its ASCII form (`Ana@Clinic.ORG.` and `ana@clinic.org` are the same inbox's domain, and
 * `Bücher.de` is `xn--bcher-kva.de`). The local part is kept as typed, but one that mixes
 * alphabets (`аdmin` with a Cyrillic а) is a look-alike of someone else's address and is refused
 * (ERROR_056), as is a domain label that does. Every place an address enters applies it.
 */
export const normaliseEmail = (text: string, field = "email"): Result<string> => {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return fail("ERROR_056", EMAIL_INVALID_MESSAGE, { field });
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  if (mixesScripts(local) || domain.split(".").some(mixesScripts)) return fail("ERROR_056", EMAIL_MIXED_SCRIPTS_MESSAGE, { field });
  const ascii = asciiDomain(domain.toLowerCase());
  return ascii === undefined ? fail("ERROR_056", EMAIL_INVALID_MESSAGE, { field }) : succeed(`${local}@${ascii}`);
};

/** An email is required (ERROR_003) and must be one local part, one @ and a real-looking domain, with no invisible character and no mix of alphabets (ERROR_056); it is normalised (normaliseEmail). */
export const validateEmail = (text: string, field = "email"): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "email" }), { field });
  if (holdsInvisibleCharacter(trimmed)) return fail("ERROR_056", invisibleCharacterMessage("email"), { field });
  const normal = normaliseEmail(trimmed, field);
  if (!normal.ok) return normal;
  const at = normal.value.lastIndexOf("@");
  const local = normal.value.slice(0, at);
  const domain = normal.value.slice(at + 1);
  const valid = normal.value.length <= MAX_EMAIL_LENGTH && LOCAL_PART.test(local) && isDomainName(domain);
  return valid ? succeed(normal.value) : fail("ERROR_056", EMAIL_INVALID_MESSAGE, { field });
};

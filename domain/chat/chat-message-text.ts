import { fail, succeed, type Result } from "../shared/result.ts";
import { stripInvisibleCharacters } from "../shared/validators/invisible-characters.ts";
import { CHAT_LIMITS } from "./chat-limits.ts";

/** Characters as a person counts them (code points), so an emoji is one, as in the composer's count. */
export const characterCount = (text: string): number => [...text].length;

/**
 * A message's text as stored: the invisible direction and width characters a paste brings along
 * are dropped (the rule notes follow), the ends trimmed, line breaks kept. Empty text is allowed
 * only beside an attachment; more than 4,000 characters is refused on the field.
 */
export const checkMessageText = (text: string, hasAttachment: boolean): Result<string> => {
  const stored = stripInvisibleCharacters(text).trim();
  if (stored === "" && !hasAttachment) return fail("ERROR_003", "The message is required", { field: "body", placeholders: { field_name: "message" } });
  if (characterCount(stored) > CHAT_LIMITS.messageChars)
    return fail("ERROR_056", `The message must be at most ${CHAT_LIMITS.messageChars} characters`, { field: "body" });
  return succeed(stored);
};

/** What the composer says under the box: nothing until the limit nears, then the characters left (or over). */
export const remainingText = (text: string): string | null => {
  const count = characterCount(text);
  if (count < CHAT_LIMITS.countShownFrom) return null;
  const left = CHAT_LIMITS.messageChars - count;
  return left >= 0 ? `${left} characters left` : `${-left} characters over the limit`;
};

import { fail, succeed, type Result } from "../result.ts";

/**
 * The invisible characters that change how text is laid out or split without showing
 * (docs/validation.md, "Invisible characters"): the Arabic letter mark U+061C, zero width space
 * U+200B, the marks U+200E–U+200F, the embeddings and overrides U+202A–U+202E, word joiner and
 * invisible operators U+2060–U+2064, the isolates U+2066–U+2069 and the byte order mark U+FEFF.
 */
const INVISIBLE = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * The zero width non-joiner U+200C and joiner U+200D are spelling in Persian, Arabic-script and
 * Indic names: they are refused only where no such spelling needs them.
 */
const JOINER = /[\u200c\u200d]/u;
const LETTER = /[\p{L}\p{M}]/u;
const NO_JOINER_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

const spellsWithJoiners = (character: string | undefined): boolean =>
  character !== undefined && LETTER.test(character) && !NO_JOINER_SCRIPT.test(character);

/** A name, address or e-mail must show exactly what is stored: no invisible direction or width character (a joiner only between letters of a script that spells with it). */
export const holdsInvisibleCharacter = (text: string): boolean => {
  INVISIBLE.lastIndex = 0;
  if (INVISIBLE.test(text)) return true;
  if (!JOINER.test(text)) return false;
  const characters = [...text];
  return characters.some((character, index) => JOINER.test(character) && !(spellsWithJoiners(characters[index - 1]) && spellsWithJoiners(characters[index + 1])));
};

/** Prose (a note, a transcription) keeps every word but loses the invisible direction and width characters a paste brings along. */
export const stripInvisibleCharacters = (text: string): string => text.replace(INVISIBLE, "");

/** The message a form shows under a field that holds an invisible character (ERROR_056, with the field). */
export const invisibleCharacterMessage = (label: string): string =>
  `The ${label} holds an invisible formatting character (often from pasted text); type it again`;

/** A name, address or e-mail with an invisible direction or width character is refused (ERROR_056 on its field), so nothing displays differently from what is stored. */
export const validateVisibleText = (text: string, label: string, field: string): Result<string> =>
  holdsInvisibleCharacter(text) ? fail("ERROR_056", invisibleCharacterMessage(label), { field }) : succeed(text);

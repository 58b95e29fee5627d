import { stripInvisibleCharacters } from "../shared/validators/invisible-characters.ts";

// The texts of a game's part of an upload (its item's words and options, the patient's answers and
// spoken words) are prose the app wrote: they lose the invisible direction and width characters
// with the portal's one cleaning rule (docs/validation.md, "Invisible characters"), so the SLP
// reads what is stored and an answer still matches the option it was chosen from.

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

const withoutInvisible = (value: unknown): unknown => {
  if (typeof value === "string") return stripInvisibleCharacters(value);
  if (Array.isArray(value)) return value.map(withoutInvisible);
  if (isRecord(value)) return textsWithoutInvisibleCharacters(value);
  return value;
};

/** A game part (content, attempt_data) with every text in it, at any depth, stripped of invisible direction and width characters; keys and numbers as they were. */
export const textsWithoutInvisibleCharacters = (part: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(part).map(([key, value]) => [key, withoutInvisible(value)]));

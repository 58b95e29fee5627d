// The writing systems a look-alike address borrows from: Cyrillic "а" and Greek "ο" pass for
// Latin "a" and "o". Japanese mixes its own three scripts, so they count as one.
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Japanese", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
];

const scriptOf = (letter: string): string => SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? "Other";

/** Text whose letters come from more than one writing system (digits and punctuation belong to none): the mark of a look-alike. */
export const mixesScripts = (text: string): boolean => new Set([...text].filter((character) => /\p{L}/u.test(character)).map(scriptOf)).size > 1;

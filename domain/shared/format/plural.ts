/**
 * Counts in words with English plural rules (Intl.PluralRules): "1 patient matches", "2 patients
 * match", "0 sessions". Every list and dashboard says its counts through these, so no page writes
 * its own `count === 1 ? … : …` and a verb agrees with its count.
 */
const ENGLISH = new Intl.PluralRules("en-GB");

/** A word's singular and plural forms. */
export type Forms = { readonly one: string; readonly other: string };

/** The forms of a word; the plural is the singular plus "s" unless given. */
export const forms = (one: string, other = `${one}s`): Forms => ({ one, other });

/** The form of `word` that goes with `count`. */
export const formFor = (count: number, word: Forms): string => (ENGLISH.select(count) === "one" ? word.one : word.other);

/** The count and the word: "1 patient", "3 patients", "0 patients". */
export const countOf = (count: number, word: Forms): string => `${count} ${formFor(count, word)}`;

/** The verb "match" agreeing with its count. */
export const MATCH = forms("matches", "match");

/** "1 patient matches", "2 patients match": a count and the verb that agrees with it. */
export const countMatching = (count: number, word: Forms): string => `${countOf(count, word)} ${formFor(count, MATCH)}`;

/**
 * "More than 1,000 patients match": a count that stopped at its cap (a search's count,
 * domain/shared/wire/paged.ts COUNT_CAP), said as the floor it is; an exact count as countMatching.
 */
export const countMatchingUpTo = (count: number, capped: boolean, word: Forms): string =>
  capped ? `More than ${count.toLocaleString("en-GB")} ${word.other} ${MATCH.other}` : countMatching(count, word);

/** The words the portal counts. */
export const NOUNS = {
  patient: forms("patient"),
  session: forms("session"),
  slp: forms("SLP"),
  administrator: forms("administrator"),
  institution: forms("institution"),
  exercise: forms("exercise"),
  game: forms("game"),
  attempt: forms("attempt"),
} as const;

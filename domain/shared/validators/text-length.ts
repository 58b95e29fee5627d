/** Length as a person counts it: one per character, so an emoji or accented letter is not counted twice. */
export const characterCount = (text: string): number => [...text].length;

/**
 * The one limit of free text typed into or read back from a single field (a corrected
 * transcription, a word list, a memory-grid pattern): spec sections 5 and 9, "Pattern max
 * 1000 characters". The server refuses longer text, the form says so before sending, and a longer
 * text shown read-only is cut to it.
 */
export const MAX_TEXT_LENGTH = 1000;

/** Whether a text fits the free-text limit, counted as a person counts characters. */
export const fitsTextLimit = (text: string): boolean => characterCount(text) <= MAX_TEXT_LENGTH;

/** What a field over the limit says, e.g. "The pattern must be at most 1000 characters". */
export const textTooLongMessage = (label: string): string => `${label} must be at most ${MAX_TEXT_LENGTH} characters`;

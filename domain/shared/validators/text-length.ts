/** Length as a person counts it: one per character, so an emoji or accented letter is not counted twice. */
export const characterCount = (text: string): number => [...text].length;

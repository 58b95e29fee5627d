/**
 * The folding the patients search applies to names, e-mail and the search text alike, mirrored
 * from the SQL function `patient_fold` (migration 0003_patients_list.sql): a few letters spelled
 * with two (ß, æ, œ, þ), then accented Latin letters to their base letter, then lower case. The
 * SQL is what the server runs; this copy is the tests' model, and a test holds the two equal.
 */
export const FOLD_FROM =
  "ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŸŶŷŹźŻżŽžÐð";
export const FOLD_TO =
  "aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzdd";
const TWO_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["ß", "ss"],
  ["Æ", "ae"],
  ["æ", "ae"],
  ["Œ", "oe"],
  ["œ", "oe"],
  ["Þ", "th"],
  ["þ", "th"],
];
const SINGLE = new Map(Array.from(FOLD_FROM, (letter, index) => [letter, FOLD_TO[index] ?? letter] as const));

/** A name or e-mail as the search compares it: accents and case do not matter. */
export const foldForSearch = (text: string): string => {
  const spelled = TWO_LETTERS.reduce((folded, [from, to]) => folded.replaceAll(from, to), text);
  return Array.from(spelled, (letter) => SINGLE.get(letter) ?? letter)
    .join("")
    .toLowerCase();
};

/** What a search looks in, as patient_search_text builds it: "first last", then e-mail after a separator no search can hold. */
export const searchTextOf = (firstName: string, lastName: string, email: string): string =>
  `${foldForSearch(firstName)} ${foldForSearch(lastName)}\u001f${foldForSearch(email)}`;

/** Shorter searches have no trigram: they scan the caller's slice instead of the trigram index. */
export const TRIGRAM_LENGTH = 3;

/**
 * What a saved correction is confirmed with, naming the attempt and what it now holds
 * ("Challenge 1, attempt 2: score 0.5, result correct."), so a reviewer who hears it, not only one
 * who sees the row, knows which attempt changed and to what (issue 23).
 */
export const correctionInWords = (attemptLabel: string | null, stored: { readonly score: number | null; readonly is_correct: boolean | null }): string => {
  const parts = [
    ...(stored.score === null ? [] : [`score ${stored.score}`]),
    ...(stored.is_correct === null ? [] : [`result ${stored.is_correct ? "correct" : "wrong"}`]),
  ];
  const what = parts.length === 0 ? "no score or result" : parts.join(", ");
  if (attemptLabel === null || attemptLabel === "") return `Now ${what}.`;
  return `${attemptLabel.charAt(0).toUpperCase()}${attemptLabel.slice(1)}: ${what}.`;
};

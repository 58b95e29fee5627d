import { type AttemptPlanner, outcomes, scoreFor, seconds, text } from "./attempt-plan.ts";

/**
 * Medication management: read a label (answer in words) or work out a total from directions
 * (answer as a pill count; wrong counts are near misses, as arithmetic slips are).
 */
export const planMedication: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const directions = item.variant === "directions";
  const expectedCount = typeof item.expected_pill_count === "number" ? item.expected_pill_count : 0;
  const wrongAnswers = context.siblings.map((sibling) => text(sibling, "expected_answer")).filter((a) => a !== "" && a !== text(item, "expected_answer"));
  return outcomes(context).map((correct, index) => ({
    attemptNumber: index + 1,
    isEditable: true,
    score: scoreFor(prng, correct),
    isCorrect: correct,
    transcription: null,
    aiFeedback: null,
    hintsUsed: null,
    timeSeconds: directions ? seconds(prng, 15, 60) : seconds(prng, 8, 35),
    responseAudioUrl: null,
    attemptData: directions
      ? { pill_count: correct ? expectedCount : Math.max(0, expectedCount + prng.pick([-3, -2, -1, 1, 2, 4])) }
      : { answer: correct ? text(item, "expected_answer") : wrongAnswers.length > 0 ? prng.pick(wrongAnswers) : "I am not sure" },
  }));
};

import { responseAudioName } from "../../media/demo-audio.ts";
import { demoAudioUrl } from "../../media/media-urls.ts";
import { type AttemptPlanner, outcomes, scoreFor, seconds, text } from "./attempt-plan.ts";

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

const GOOD_FEEDBACK = [
  "Appropriate and polite; the response addresses the other person directly.",
  "Clear and socially appropriate. Good use of a greeting and a reason.",
  "The response fits the situation; consider adding how you feel about it.",
];
const WEAK_FEEDBACK = [
  "The response avoids the situation; practise saying what you need politely.",
  "The tone may come across as abrupt. Try starting with 'Excuse me' or 'I'm sorry'.",
  "The answer does not address the other person's feelings.",
];

/**
 * Social situations: at easy level the patient picks an option (the first is the appropriate
 * one); at medium and hard they answer aloud, transcribed, with AI feedback (sometimes absent).
 */
export const planSocialSituation: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((o): o is string => typeof o === "string") : []);
  const options = strings(item.options);
  const easy = context.difficulty === "easy";
  // Easy: the first option is the appropriate one. Spoken levels: distractors are the wrong ones.
  const wrongChoices = easy ? options.slice(1) : strings(item.distractors);
  return outcomes(context).map((correct, index) => {
    const wrongOption = wrongChoices.length > 0 ? prng.pick(wrongChoices) : null;
    const spoken = correct ? `I would ${lowerFirst(text(item, "expected_behavior"))}` : wrongOption === null ? null : `I would ${lowerFirst(wrongOption)}`;
    return {
      attemptNumber: index + 1,
      isEditable: true,
      score: scoreFor(prng, correct),
      isCorrect: correct,
      transcription: easy ? null : spoken,
      aiFeedback: easy || prng.chance(0.08) ? null : prng.pick(correct ? GOOD_FEEDBACK : WEAK_FEEDBACK),
      hintsUsed: null,
      timeSeconds: easy ? seconds(prng, 4, 18) : seconds(prng, 10, 45),
      responseAudioUrl: easy ? null : demoAudioUrl(responseAudioName(prng.int(0, 1000))),
      attemptData: easy ? { selected_option: correct ? (options[0] ?? null) : wrongOption } : {},
    };
  });
};

import { responseAudioName } from "../../media/demo-audio.ts";
import { demoAudioUrl } from "../../media/media-urls.ts";
import type { Prng } from "../../prng.ts";
import { type AttemptPlanner, outcomes, scoreFor, seconds, text } from "./attempt-plan.ts";

/** A repetition that drops or slurs a word, as apraxia of speech often does. */
const imperfect = (phrase: string, prng: Prng): string => {
  const words = phrase.split(" ");
  if (words.length === 1) return `${phrase.slice(0, Math.max(1, phrase.length - 2))}...`;
  const dropped = prng.int(0, words.length - 1);
  return words.filter((_, i) => i !== dropped).join(" ");
};

/** Parrot: repeat what was heard; only the result is editable in review (spec section 5). */
export const planParrot: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const phrase = text(item, "object_name");
  return outcomes(context).map((correct, index) => ({
    attemptNumber: index + 1,
    isEditable: true,
    score: scoreFor(prng, correct),
    isCorrect: correct,
    transcription: correct ? phrase : imperfect(phrase, prng),
    aiFeedback: null,
    hintsUsed: correct ? 0 : prng.int(0, 1),
    timeSeconds: seconds(prng, 1.5, 2 + phrase.length / 6),
    responseAudioUrl: demoAudioUrl(responseAudioName(prng.int(0, 1000))),
    attemptData: {},
  }));
};

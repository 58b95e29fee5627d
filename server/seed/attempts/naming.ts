import { responseAudioName } from "../../media/demo-audio.ts";
import { demoAudioUrl } from "../../media/media-urls.ts";
import { type AttemptPlanner, outcomes, scoreFor, seconds, text } from "./attempt-plan.ts";

/** How people with anomia miss a word: a related word, a sound-alike start, a description, or nothing. */
const miss = (object: string, related: string, pick: number): string | null => {
  if (pick < 0.35) return related;
  if (pick < 0.6) return `${object.slice(0, 2)}... ${object.slice(0, 3)}...`;
  if (pick < 0.85) return `the thing you use for... I know it`;
  return null;
};

/** Naming: say the object's name; misses are transcribed as said, hints rise with struggle. */
export const planNaming: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const object = text(item, "object_name");
  const related = text(prng.pick(context.siblings), "object_name");
  return outcomes(context).map((correct, index) => ({
    attemptNumber: index + 1,
    isEditable: true,
    score: scoreFor(prng, correct),
    isCorrect: correct,
    transcription: correct ? object : miss(object, related, prng.next()),
    aiFeedback: null,
    hintsUsed: correct ? prng.int(0, 1) : prng.int(1, 3),
    timeSeconds: correct ? seconds(prng, 1.5, 8) : seconds(prng, 5, 20),
    responseAudioUrl: demoAudioUrl(responseAudioName(prng.int(0, 1000))),
    attemptData: {},
  }));
};

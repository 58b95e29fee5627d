import { type AttemptPlanner, outcomes, scoreFor, seconds } from "./attempt-plan.ts";

const SECONDS: Readonly<Record<string, readonly [number, number]>> = { easy: [3, 12], medium: [6, 20], hard: [10, 35] };

/** Memory grid: place the tiles again; the pattern lives in the challenge, attempts carry time and hints. */
export const planMemoryGrid: AttemptPlanner = (context) => {
  const { prng } = context;
  const [min, max] = SECONDS[context.difficulty] ?? [3, 12];
  return outcomes(context).map((correct, index) => ({
    attemptNumber: index + 1,
    isEditable: true,
    score: scoreFor(prng, correct),
    isCorrect: correct,
    transcription: null,
    aiFeedback: null,
    hintsUsed: correct ? prng.int(0, 1) : prng.int(0, 2),
    timeSeconds: seconds(prng, min, max),
    responseAudioUrl: null,
    attemptData: {},
  }));
};

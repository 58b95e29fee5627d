import { FLUENCY_INTRUSIONS, FLUENCY_WORDS } from "../../content/games/verbal-fluency.ts";
import { responseAudioName } from "../../media/demo-audio.ts";
import { demoAudioUrl } from "../../media/media-urls.ts";
import { type AttemptPlanner, scoreStep, text } from "./attempt-plan.ts";

/** Words needed in one minute to count as a success at each level. */
const TARGET: Readonly<Record<string, number>> = { easy: 6, medium: 5, hard: 4 };

/**
 * Verbal fluency: one timed minute per challenge. The patient's words come from the
 * indication's word list (more with higher ability), plus a few intrusions from elsewhere.
 */
export const planVerbalFluency: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const pool = [...(FLUENCY_WORDS[text(item, "indication")] ?? [])];
  const count = Math.max(0, Math.min(pool.length, Math.round(2 + context.ability * 10 + (prng.next() - 0.5) * 4)));
  const correctWords: string[] = [];
  while (correctWords.length < count && pool.length > 0) {
    const [word] = pool.splice(prng.int(0, pool.length - 1), 1);
    if (word !== undefined) correctWords.push(word);
  }
  const wrongWords = Array.from({ length: prng.int(0, 3) }, () => prng.pick(FLUENCY_INTRUSIONS));
  const correct = correctWords.length >= (TARGET[context.difficulty] ?? 5);
  return [
    {
      attemptNumber: 1,
      isEditable: true,
      score: scoreStep(correctWords.length / 12),
      isCorrect: correct,
      transcription: [...correctWords, ...wrongWords].join(", "),
      aiFeedback: null,
      hintsUsed: null,
      timeSeconds: 60,
      responseAudioUrl: demoAudioUrl(responseAudioName(prng.int(0, 1000))),
      attemptData: { spoken_words: { correct_words: correctWords, wrong_words: [...new Set(wrongWords)] } },
    },
  ];
};

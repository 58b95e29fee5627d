import { aiAudioName, responseAudioName } from "../../media/demo-audio.ts";
import { demoAudioUrl } from "../../media/media-urls.ts";
import type { AttemptPlanner } from "./attempt-plan.ts";

/**
 * AI chit-chat: one conversation per session, unscored and not yet judged (the reviewer may set
 * the result, never a score; the SLP comments through notes). About one in ten conversations is
 * cut short and has no totals.
 */
export const planChitchat: AttemptPlanner = (context) => {
  const { prng } = context;
  const aiMessages = prng.int(4, 14);
  const userMessages = Math.max(1, aiMessages + prng.int(-2, 1));
  const duration = Math.round(45 + aiMessages * (10 + prng.next() * 15));
  const cutShort = prng.chance(0.1);
  return [
    {
      attemptNumber: 1,
      isEditable: true,
      score: null,
      isCorrect: null,
      transcription: null,
      aiFeedback: null,
      hintsUsed: null,
      timeSeconds: cutShort ? Math.round(duration / 3) : duration,
      responseAudioUrl: demoAudioUrl(responseAudioName(prng.int(0, 1000))),
      attemptData: {
        ai_recording_url: demoAudioUrl(aiAudioName(prng.int(0, 1000))),
        final_stats: cutShort
          ? null
          : { ai_messages: aiMessages, user_messages: userMessages, total_messages: aiMessages + userMessages, conversation_duration: duration },
      },
    },
  ];
};

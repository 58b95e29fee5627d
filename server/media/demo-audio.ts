import { createPrng, hashSeed } from "../prng.ts";
import { SAMPLE_RATE, synthesizeUtterance } from "./synthesize-utterance.ts";
import { encodeWav } from "./wav.ts";

const RESPONSE_CLIPS = 40;
const AI_CLIPS = 12;
const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * The demo's playable audio: patients' spoken responses ("response-01".."response-40") and the
 * AI partner's voice in chit-chat ("ai-01".."ai-12"). Generated, not stored.
 */
export const DEMO_AUDIO_NAMES: readonly string[] = [
  ...Array.from({ length: RESPONSE_CLIPS }, (_, i) => `response-${pad(i + 1)}`),
  ...Array.from({ length: AI_CLIPS }, (_, i) => `ai-${pad(i + 1)}`),
];
const KNOWN = new Set(DEMO_AUDIO_NAMES);

export const responseAudioName = (index: number): string => `response-${pad((index % RESPONSE_CLIPS) + 1)}`;
export const aiAudioName = (index: number): string => `ai-${pad((index % AI_CLIPS) + 1)}`;

const cache = new Map<string, Buffer>();

/** The WAV bytes of a demo clip, or undefined for a name that is not one. Deterministic per name. */
export const demoAudio = (name: string): Buffer | undefined => {
  if (!KNOWN.has(name)) return undefined;
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const prng = createPrng(hashSeed(name));
  // Patients' voices vary between 100 and 230 Hz; the AI speaks at a steady 180 Hz.
  const pitch = name.startsWith("ai-") ? 180 : prng.int(100, 230);
  const wav = encodeWav(synthesizeUtterance(prng, pitch), SAMPLE_RATE);
  cache.set(name, wav);
  return wav;
};

import type { Prng } from "../prng.ts";

export const SAMPLE_RATE = 8000;

/**
 * A speech-like clip of about one second: two to four "syllables", each a voiced tone (a
 * fundamental with decaying harmonics shaped like a vowel) under an attack/decay envelope,
 * separated by short silences. Good enough for a reviewer's player to show something that
 * sounds like a response, with no recorded voices shipped in the repository.
 */
export const synthesizeUtterance = (prng: Prng, voicePitchHz: number): Int16Array => {
  const samples = new Int16Array(SAMPLE_RATE); // one second
  const syllables = prng.int(2, 4);
  const slot = Math.floor(samples.length / syllables);
  for (let s = 0; s < syllables; s += 1) {
    const start = s * slot + prng.int(0, Math.floor(slot * 0.15));
    const length = Math.floor(slot * (0.55 + prng.next() * 0.25));
    const pitch = voicePitchHz * (0.9 + prng.next() * 0.25);
    // Vowel colour: how strongly the 2nd and 3rd harmonics sound.
    const second = 0.3 + prng.next() * 0.5;
    const third = 0.1 + prng.next() * 0.3;
    for (let i = 0; i < length && start + i < samples.length; i += 1) {
      const t = i / SAMPLE_RATE;
      const progress = i / length;
      const envelope = Math.min(1, progress / 0.12) * Math.min(1, (1 - progress) / 0.35);
      // A slight falling glide, as syllables tend to have.
      const phase = 2 * Math.PI * pitch * (1 - 0.08 * progress) * t;
      const wave = Math.sin(phase) + second * Math.sin(2 * phase) + third * Math.sin(3 * phase);
      samples[start + i] = Math.round((wave / (1 + second + third)) * envelope * 0.6 * 32_767);
    }
  }
  return samples;
};

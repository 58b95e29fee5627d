/**
 * The bounds of one uploaded session (docs/mobile-api.md, "Limits"). A real session holds a few
 * dozen attempts; the bounds leave room for long ones while keeping one request's work (decoding,
 * one transaction of inserts, the detail an SLP later opens: issue 22 asks 500 attempts of it)
 * small. The body itself is capped at `bodyBytes`, a quarter of the server's 1 MiB request limit (413).
 */
export const MOBILE_SESSION_LIMITS = {
  /** Challenges in one session. */
  challenges: 100,
  /** Attempts at one challenge (attempt_number 1..this). */
  attemptsPerChallenge: 20,
  /** Attempts in the whole session. */
  attempts: 500,
  /** The longest session, start to end (a day: anything longer is a clock error). */
  sessionSeconds: 24 * 60 * 60,
  /** How far in the future (by the server's clock) a session may end: the phone's clock may run ahead. */
  clockSkewSeconds: 10 * 60,
  /** The longest transcription, as a correction may write it (docs/session-review-api.md). */
  transcriptionLength: 1000,
  /** The longest AI feedback. */
  aiFeedbackLength: 5000,
  /** The longest recording URL. */
  urlLength: 2048,
  /** Hints at one attempt. */
  hints: 1000,
  /** Seconds at one attempt. */
  attemptSeconds: 24 * 60 * 60,
  /**
   * How far an attempt's time may lie outside its session's start..end: the app stamps the end
   * when the last screen closes and an attempt when its recording is saved, a few seconds apart.
   */
  attemptTimeToleranceSeconds: 60,
  /**
   * The largest session body, in bytes as sent (413 ERROR_045 above it). 500 attempts of the
   * usual size take about 150 KB; anything much bigger is padding, not a session.
   */
  bodyBytes: 256 * 1024,
} as const;

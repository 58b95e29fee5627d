// What other features may use of the session-review feature: the session detail's wire shapes,
// each game's content and attempt_data schemas (docs/attempt-mapping.md) and the totals rule. The
// mobile feature validates and stores uploaded sessions with them, so what the app sends is what
// the SLP's view reads. The documented example of each game is a fixture, not part of this index:
// tests and the replay fixtures import attempt-mapping/session-detail-examples.fixtures.ts itself.
export { AttemptWire, ChallengeWire, GameMetricsWire, ScoreDetailsWire, SessionDetailWire, type SessionDetailJson } from "./session-detail-wire.ts";
export { ChitchatAttemptData } from "./attempt-mapping/chitchat-ai.ts";
export { MEDICATION_VARIANT, MedicationContent, MedicationDirectionsAttemptData, MedicationImageAttemptData } from "./attempt-mapping/medication-management.ts";
export { MemoryGridContent } from "./attempt-mapping/memory-grid.ts";
export { NamingContent } from "./attempt-mapping/naming.ts";
export { ParrotContent } from "./attempt-mapping/parrot.ts";
export { PillSortingAttemptData, PillSortingContent } from "./attempt-mapping/pill-sorting.ts";
export { SocialSituationAttemptData, SocialSituationContent } from "./attempt-mapping/social-situations.ts";
export { VerbalFluencyAttemptData, VerbalFluencyContent } from "./attempt-mapping/verbal-fluency.ts";
export { type SessionTotals, type TotalsAttempt, sessionTotals } from "./session-totals.ts";

// What other features may use of the session-review feature: the session detail's wire shapes,
// each game's content and attempt_data schemas (docs/attempt-mapping.md), the totals rule and the
// documented example of each game. The mobile feature validates and stores uploaded sessions with
// them, so what the app sends is what the SLP's view reads.
export { AttemptWire, ChallengeWire, GameMetricsWire, ScoreDetailsWire, SessionDetailWire, type SessionDetailJson } from "./session-detail-wire.ts";
export { ChitchatAttemptData } from "./attempt-mapping/chitchat-ai.ts";
export { MEDICATION_VARIANT, MedicationContent, MedicationDirectionsAttemptData, MedicationImageAttemptData } from "./attempt-mapping/medication-management.ts";
export { MemoryGridContent } from "./attempt-mapping/memory-grid.ts";
export { NamingContent } from "./attempt-mapping/naming.ts";
export { ParrotContent } from "./attempt-mapping/parrot.ts";
export { PillSortingAttemptData, PillSortingContent } from "./attempt-mapping/pill-sorting.ts";
export { SocialSituationAttemptData, SocialSituationContent } from "./attempt-mapping/social-situations.ts";
export { VerbalFluencyAttemptData, VerbalFluencyContent } from "./attempt-mapping/verbal-fluency.ts";
export { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.ts";
export { type SessionTotals, type TotalsAttempt, sessionTotals } from "./session-totals.ts";

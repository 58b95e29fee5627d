// What other features may use of the communication ratings' domain (issue 37): who may see them,
// so the patient record mounts the section only for them.
export { ratingAbilitiesOf, type RatingAbilities } from "./rating-abilities.ts";
// The progress report drafts each scale's standing and names it (domain/progress-reports).
export { RATING_SCALES, RATING_SCALE_NAMES, type RatingScale } from "./rating-scales.ts";
export { scaleStandings, type RatingFacts } from "./rating-summary.ts";

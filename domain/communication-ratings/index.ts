// What other features may use of the communication ratings' domain (issue 37): who may see them,
// so the patient record mounts the section only for them.
export { ratingAbilitiesOf, type RatingAbilities } from "./rating-abilities.ts";

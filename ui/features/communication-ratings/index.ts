// What other features' pages may show of the communication ratings (issue 37). The patient record
// lazy-loads the section: patients → communication-ratings, never the reverse.
export { CommunicationRatingsSection, type CommunicationRatingsSectionProps } from "./communication-ratings-section.tsx";

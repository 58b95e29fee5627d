// What other features may use of the communication-ratings adapters (issue 37).
export { communicationRatingsApiOf, createCommunicationRatingsApi, type CommunicationRatingsApi } from "./communication-ratings-api.ts";

import { PATIENT_ORDERING, type PatientOrdering } from "../../../domain/patients/index.ts";
import { PATIENT_STATUS, type PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { REVIEW_STATUS, type ReviewStatus } from "../../../domain/shared/statuses/review-status.ts";

/** How the patients screens name statuses, review states and sort orders. */
export const STATUS_LABEL: Readonly<Record<PatientStatus, string>> = {
  [PATIENT_STATUS.active]: "Active",
  [PATIENT_STATUS.pending]: "Pending",
  [PATIENT_STATUS.inactive]: "Inactive",
};

export const REVIEW_LABEL: Readonly<Record<ReviewStatus, string>> = {
  [REVIEW_STATUS.pending]: "Pending review",
  [REVIEW_STATUS.reviewed]: "Reviewed",
};

export const ORDERING_LABEL: Readonly<Record<PatientOrdering, string>> = {
  [PATIENT_ORDERING.firstNameAscending]: "Name, A to Z",
  [PATIENT_ORDERING.firstNameDescending]: "Name, Z to A",
  [PATIENT_ORDERING.createdAscending]: "Date added, oldest first",
  [PATIENT_ORDERING.createdDescending]: "Date added, newest first",
};

export const BIRTH_GENDER_LABEL: Readonly<Record<string, string>> = {
  female: "Female",
  male: "Male",
  intersex: "Intersex",
};

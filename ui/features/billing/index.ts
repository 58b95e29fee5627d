// What other features' pages may show of the billing feature (remote therapeutic monitoring, issue 24).
// The patient record lazy-loads the section: patients → billing, never the reverse.
export { PatientBillingSection, type PatientBillingSectionProps } from "./patient-billing-section.tsx";

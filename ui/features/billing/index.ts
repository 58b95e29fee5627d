// What other features' pages may show of the billing feature (remote therapeutic monitoring, issue 24).
// The patient record lazy-loads the section: patients → billing, never the reverse.
export { PatientBillingSection, type PatientBillingSectionProps } from "./patient-billing-section.tsx";
// The work timer bar of a patient's record and session pages (issue 24, "Time capture"); lazy-loaded by those pages.
export { WorkTimerBar, type WorkTimerBarProps } from "./work-timer/work-timer-bar.tsx";
// The institution page's notice while no device-supply kind is chosen (issue 31).
export { SupplyKindNotice } from "./supply-kind-notice.tsx";

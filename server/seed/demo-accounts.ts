import type { RoleCode } from "../../domain/shared/roles.ts";

export const DEMO_INSTITUTIONS = [
  {
    key: "riverside",
    name: "Riverside Speech Clinic",
    domains: ["demo.test"],
    description: "Outpatient speech-language therapy for adults after stroke and brain injury.",
  },
  {
    key: "lakeside",
    name: "Lakeside Rehabilitation",
    domains: ["other.test"],
    description: "Inpatient and home rehabilitation with a small speech therapy team.",
  },
] as const;
export type DemoInstitutionKey = (typeof DEMO_INSTITUTIONS)[number]["key"];

export type DemoAccount = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: RoleCode;
  readonly institution: DemoInstitutionKey | null;
  /** Whether the next sign-in must choose a new password first. */
  readonly changePassword: boolean;
  /** The demo's named accounts have e-mail as their confirmed, default second factor. */
  readonly emailMfa: boolean;
  readonly status: "active" | "pending";
};

/** The accounts printed at start and documented in docs/server.md; all use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "super@demo.test", firstName: "Sam", lastName: "Superadmin", role: "super_admin", institution: null, changePassword: false, emailMfa: true, status: "active" },
  { email: "admin@demo.test", firstName: "Alice", lastName: "Admin", role: "institution_admin", institution: "riverside", changePassword: false, emailMfa: true, status: "active" },
  { email: "staffadmin@demo.test", firstName: "Stella", lastName: "Staffadmin", role: "staff_admin", institution: "riverside", changePassword: false, emailMfa: true, status: "active" },
  { email: "slp@demo.test", firstName: "Sophie", lastName: "Speech", role: "staff", institution: "riverside", changePassword: false, emailMfa: true, status: "active" },
  { email: "admin@other.test", firstName: "Oscar", lastName: "Other", role: "institution_admin", institution: "lakeside", changePassword: false, emailMfa: true, status: "active" },
  // A first sign-in: must change the password and set up a second factor.
  { email: "new.slp@demo.test", firstName: "Nina", lastName: "Newcomer", role: "staff", institution: "riverside", changePassword: true, emailMfa: false, status: "pending" },
];

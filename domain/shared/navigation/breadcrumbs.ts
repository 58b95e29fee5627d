import { APP_ROUTE, type AppRoute, DASHBOARD_PATH } from "./route-access.ts";

/** Spec sections 2 and 9: a trail of one item only repeats the page heading, so it is not shown. */
export const BREADCRUMB_MIN_ITEMS = 2;

/** One step of the trail; the last step is the current page and carries no link. */
export type BreadcrumbItem = { readonly label: string; readonly href?: string };

export type PersonName = { readonly firstName?: string | null; readonly lastName?: string | null };

/**
 * What the trail may name, each known only once its record has loaded. Ids come from the address;
 * `sessionStart` is already formatted for display by the caller.
 */
export type BreadcrumbFacts = {
  readonly admin?: PersonName;
  readonly institutionName?: string | null;
  readonly patient?: PersonName;
  readonly gameName?: string | null;
  readonly sessionStart?: string | null;
  readonly staffMember?: PersonName;
  readonly settingsTab?: "profile" | "security";
  readonly patientId?: number | null;
  readonly levelId?: number | null;
};

export const DETAIL_FALLBACK = "Detail";
export const EXERCISE_FALLBACK = "Exercise";

const text = (value: string | null | undefined): string => (value ?? "").trim();

const orFallback = (value: string | null | undefined, fallback: string): string => {
  const shown = text(value);
  return shown === "" ? fallback : shown;
};

/** A person in the trail reads as first and last name; until either is known the step reads 'Detail'. */
export const personLabel = (person: PersonName | undefined): string => {
  const name = [text(person?.firstName), text(person?.lastName)].filter((part) => part !== "").join(" ");
  return name === "" ? DETAIL_FALLBACK : name;
};

const link = (label: string, href: string): BreadcrumbItem => ({ label, href });
const here = (label: string): BreadcrumbItem => ({ label });

const patientTrail = (facts: BreadcrumbFacts): BreadcrumbItem[] => {
  const patient = personLabel(facts.patient);
  const patientHref = facts.patientId === null || facts.patientId === undefined ? undefined : `/patient/${facts.patientId}`;
  return [link("Patients", "/patients"), patientHref === undefined ? here(patient) : link(patient, patientHref)];
};

/**
 * The trail of each application page (spec section 2): area, then the record by name. Records not
 * yet loaded read 'Detail' (an exercise reads 'Exercise'); create pages end in what they create.
 */
export const breadcrumbsFor = (route: AppRoute, facts: BreadcrumbFacts = {}): readonly BreadcrumbItem[] => {
  switch (route) {
    case APP_ROUTE.dashboard:
      return [here("Dashboard")];
    case APP_ROUTE.admins:
      return [here("Admins")];
    case APP_ROUTE.adminDetail:
      return [link("Admins", "/admins"), here(personLabel(facts.admin))];
    case APP_ROUTE.createAdmin:
      return [link("Admins", "/admins"), here("New administrator")];
    case APP_ROUTE.organizations:
      return [here("Institutions")];
    case APP_ROUTE.organizationDetail:
      return [link("Institutions", "/organizations"), here(orFallback(facts.institutionName, DETAIL_FALLBACK))];
    case APP_ROUTE.createOrganization:
      return [link("Institutions", "/organizations"), here("New institution")];
    case APP_ROUTE.exercises:
      return [here("Exercises")];
    case APP_ROUTE.createAssign:
      return [link("Exercises", "/exercises"), here("Assign exercises")];
    case APP_ROUTE.patients:
      return [here("Patients")];
    case APP_ROUTE.createPatient:
      return [link("Patients", "/patients"), here("New patient")];
    case APP_ROUTE.patientDetail:
      return [link("Patients", "/patients"), here(personLabel(facts.patient))];
    case APP_ROUTE.exerciseOverview:
      return [...patientTrail(facts), here(orFallback(facts.gameName, EXERCISE_FALLBACK))];
    case APP_ROUTE.sessionDetail: {
      const game = orFallback(facts.gameName, EXERCISE_FALLBACK);
      const levelHref =
        facts.patientId === null || facts.patientId === undefined || facts.levelId === null || facts.levelId === undefined
          ? undefined
          : `/details-panel/patient/${facts.patientId}/level/${facts.levelId}`;
      return [
        ...patientTrail(facts),
        levelHref === undefined ? here(game) : link(game, levelHref),
        here(orFallback(facts.sessionStart, DETAIL_FALLBACK)),
      ];
    }
    case APP_ROUTE.staff:
      return [here("SLPs")];
    case APP_ROUTE.createStaff:
      return [link("SLPs", "/staff"), here("New SLP")];
    case APP_ROUTE.staffDetail:
      return [link("SLPs", "/staff"), here(personLabel(facts.staffMember))];
    case APP_ROUTE.billing:
      return [here("Billing")];
    case APP_ROUTE.slpChat:
      return [here("SLP Chat")];
    case APP_ROUTE.settings:
      // Design choice: the settings tabs are pages of their own, so the trail names the tab.
      return [link("Settings", "/settings/profile"), here(facts.settingsTab === "security" ? "Security" : "Profile")];
  }
};

/** The trail is shown only when it has at least two steps; a shorter one shows nothing. */
export const visibleBreadcrumbs = (items: readonly BreadcrumbItem[]): readonly BreadcrumbItem[] =>
  items.length >= BREADCRUMB_MIN_ITEMS ? items : [];

/** "Back" and "Cancel" lead one step up the trail: the closest linked item before the current page, else the dashboard. */
export const backTarget = (items: readonly BreadcrumbItem[]): string =>
  items
    .slice(0, -1)
    .map((item) => item.href)
    .findLast((href) => href !== undefined) ?? DASHBOARD_PATH;

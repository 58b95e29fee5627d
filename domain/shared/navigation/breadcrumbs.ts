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

/** The record's words, or the fallback while they are unknown or blank. */
export const orFallback = (value: string | null | undefined, fallback: string): string => {
  const shown = text(value);
  return shown === "" ? fallback : shown;
};

/** A person in the trail reads as first and last name; until either is known the step reads 'Detail'. */
export const personLabel = (person: PersonName | undefined): string => {
  const name = [text(person?.firstName), text(person?.lastName)].filter((part) => part !== "").join(" ");
  return name === "" ? DETAIL_FALLBACK : name;
};

/** The trail is shown only when it has at least two steps; a shorter one shows nothing. */
export const visibleBreadcrumbs = (items: readonly BreadcrumbItem[]): readonly BreadcrumbItem[] =>
  items.length >= BREADCRUMB_MIN_ITEMS ? items : [];

/** "Back" and "Cancel" lead one step up the trail: the closest linked item before the current page, else `fallback`. */
export const backTargetOr = (items: readonly BreadcrumbItem[], fallback: string): string =>
  items
    .slice(0, -1)
    .map((item) => item.href)
    .findLast((href) => href !== undefined) ?? fallback;

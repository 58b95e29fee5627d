import { catalogueMessage } from "../shared/error-catalogue.ts";
import { periodProblem } from "./audit-period.ts";
import { AUDIT_DIRECTIONS, AUDIT_OUTCOMES, AUDIT_SORTS, type AuditDirection, type AuditOutcomeName, type AuditSort } from "./audit-vocabulary.ts";

/**
 * What the /audit page shows, as its address holds it (docs/ui.md: a link, Back and a reload show
 * the same log): the filters, the order, the report opened beside the list, and the cursors of the
 * pages walked so far (`after`, repeated: the last is where the shown page starts), so Previous is
 * the cursor before it and the kit's pager counts pages as for any list.
 * The address is read leniently: a value that is not one drops out, as if never typed.
 */

export const AUDIT_REPORT = { patientAccess: "patient-access", personActivity: "person-activity" } as const;
export type AuditReport = (typeof AUDIT_REPORT)[keyof typeof AUDIT_REPORT];

export type AuditFilterValues = {
  readonly user?: number;
  readonly patient?: number;
  readonly action?: string;
  readonly kind?: string;
  readonly outcome?: AuditOutcomeName;
  readonly ip?: string;
  readonly from?: string;
  readonly to?: string;
};

export type AuditView = {
  readonly filters: AuditFilterValues;
  readonly sort: AuditSort;
  readonly direction: AuditDirection;
  /** The start of each page after the first, in the order walked; empty on the first page. */
  readonly pages: readonly string[];
  readonly report: AuditReport | null;
};

const ID = /^[1-9][0-9]{0,9}$/;
const WORD = /^[a-z][a-z_.]{0,39}$/;
const IP = /^[0-9A-Fa-f:.]{2,45}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^[0-9A-Za-z_:.+-]{0,48}~[1-9][0-9]{0,17}$/;

const idOf = (text: string | undefined): number | undefined => (text !== undefined && ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined);
const matching = (text: string | undefined, pattern: RegExp): string | undefined => (text !== undefined && pattern.test(text) ? text : undefined);
const oneOf = <T extends string>(text: string | undefined, words: readonly T[]): T | undefined => words.find((word) => word === text);

/** The filters the address names, each kept only when it reads. */
const filtersOf = (get: (key: string) => string | undefined): AuditFilterValues => {
  const values: Record<string, string | number | undefined> = {
    user: idOf(get("user")),
    patient: idOf(get("patient")),
    action: matching(get("action"), WORD),
    kind: matching(get("kind"), WORD),
    outcome: oneOf(get("outcome"), AUDIT_OUTCOMES),
    ip: matching(get("ip"), IP),
    from: matching(get("from"), DAY),
    to: matching(get("to"), DAY),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as AuditFilterValues;
};

/** The view an address's query names; the newest rows first unless it says otherwise. */
export const viewFromParams = (entries: Iterable<readonly [string, string]>): AuditView => {
  const params = new Map<string, string>();
  const pages: string[] = [];
  for (const [key, value] of entries) {
    if (key === "after") {
      if (CURSOR.test(value)) pages.push(value);
    } else if (!params.has(key)) params.set(key, value);
  }
  const get = (key: string) => params.get(key);
  const report = oneOf(get("report"), Object.values(AUDIT_REPORT));
  return {
    filters: filtersOf(get),
    sort: oneOf(get("sort"), AUDIT_SORTS) ?? "time",
    direction: oneOf(get("direction"), AUDIT_DIRECTIONS) ?? "desc",
    pages,
    report: report ?? null,
  };
};

const orderQuery = (view: AuditView): Readonly<Record<string, string>> => ({
  ...Object.fromEntries(Object.entries(view.filters).map(([key, value]) => [key, String(value)])),
  ...(view.sort === "time" ? {} : { sort: view.sort }),
  ...(view.direction === "desc" ? {} : { direction: view.direction }),
});

/** The query of audit/events/ for a view: its filters, order and the shown page's start. */
export const eventsQueryOf = (view: AuditView): Readonly<Record<string, string>> => {
  const after = view.pages.at(-1);
  return { ...orderQuery(view), ...(after === undefined ? {} : { after }) };
};

/** The query of the CSV export for a view: every page of its filters in its order. */
export const exportQueryOf = (view: AuditView): Readonly<Record<string, string>> => orderQuery(view);

/** The page number shown (1 on the first page). */
export const pageNumberOf = (view: AuditView): number => view.pages.length + 1;

/** The view of the page `page` of a walk, given the next page's start (the shown page's `next`). */
export const viewAtPage = (view: AuditView, page: number, next: string | null): AuditView =>
  page > pageNumberOf(view) && next !== null ? { ...view, pages: [...view.pages, next] } : { ...view, pages: view.pages.slice(0, Math.max(0, page - 1)) };

/** The address's query for a view ("" for the plain log). */
export const searchOfView = (view: AuditView): string => {
  const pairs = [...Object.entries(orderQuery(view)), ...view.pages.map((cursor) => ["after", cursor]), ...(view.report === null ? [] : [["report", view.report]])];
  return pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value ?? "")}`).join("&")}`;
};

/** A view with new filters: its first page. */
export const withFilters = (view: AuditView, filters: AuditFilterValues): AuditView => ({ ...view, filters, pages: [] });

/**
 * The filter form's fields as typed. Person and patient are picked by name (issue 38): `user` and
 * `patient` hold the chosen id, `userText` and `patientText` what is typed in the picker, kept as
 * typed so a name that matches no one is not lost; empty while the field shows the chosen one's name.
 */
export type AuditFilterDraft = {
  readonly user: string;
  readonly userText: string;
  readonly patient: string;
  readonly patientText: string;
  readonly action: string;
  readonly kind: string;
  readonly outcome: string;
  readonly ip: string;
  readonly from: string;
  readonly to: string;
};
export type AuditFilterField = keyof AuditFilterDraft;

/** The form's fields filled from the view's filters. */
export const filterDraftOf = (filters: AuditFilterValues): AuditFilterDraft => ({
  user: filters.user === undefined ? "" : String(filters.user),
  userText: "",
  patient: filters.patient === undefined ? "" : String(filters.patient),
  patientText: "",
  action: filters.action ?? "",
  kind: filters.kind ?? "",
  outcome: filters.outcome ?? "",
  ip: filters.ip ?? "",
  from: filters.from ?? "",
  to: filters.to ?? "",
});

/**
 * The filter form's check, the server's own rules: an id is a whole number, an IP address is
 * digits, letters a to f, dots and colons, and the first day is not after the last (ERROR_034).
 * A person or patient typed but not chosen from the picker's list filters on no one: it is an
 * error on its field, the text kept. Blank fields filter nothing.
 */
export const checkFilterDraft = (
  draft: AuditFilterDraft,
): { readonly ok: true; readonly value: AuditFilterValues } | { readonly ok: false; readonly errors: Partial<Record<AuditFilterField, string>> } => {
  const errors: Partial<Record<AuditFilterField, string>> = {};
  const trimmed = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) as AuditFilterDraft;
  if (trimmed.user === "" && trimmed.userText !== "") errors.user = `No person chosen for “${trimmed.userText}”: type part of a name and choose one from the list`;
  else if (trimmed.user !== "" && idOf(trimmed.user) === undefined) errors.user = "Choose the person from the list";
  if (trimmed.patient === "" && trimmed.patientText !== "") errors.patient = `No patient chosen for “${trimmed.patientText}”: type part of a name or the number and choose one from the list`;
  else if (trimmed.patient !== "" && idOf(trimmed.patient) === undefined) errors.patient = "Choose the patient from the list";
  if (trimmed.ip !== "" && !IP.test(trimmed.ip)) errors.ip = "Enter a whole IP address, such as 10.0.0.7";
  if (trimmed.from !== "" && trimmed.to !== "" && periodProblem(trimmed.from, trimmed.to, Number.POSITIVE_INFINITY) !== null) errors.from = catalogueMessage("ERROR_034");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: filtersOf((key) => (trimmed[key as AuditFilterField] === "" ? undefined : trimmed[key as AuditFilterField])) };
};

/** The address's query of "who accessed this patient" over the last 30 days, from the patient's record. */
export const patientAccessSearch = (patientId: number): string =>
  searchOfView({ filters: { patient: patientId }, sort: "time", direction: "desc", pages: [], report: AUDIT_REPORT.patientAccess });

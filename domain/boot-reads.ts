import { dashboardOverviewEndpoint, patientsDashboardEndpoint } from "./dashboard/dashboard-endpoints.ts";
import { patientGameLevelsEndpoint } from "./exercises/exercises-endpoints.ts";
import { getPatientEndpoint, listPatientsEndpoint } from "./patients/patients-endpoints.ts";
import { PATIENT_PAGE_SIZE } from "./patients/patients-wire.ts";
import { reviewQueueStepEndpoint } from "./review-queue/review-queue-endpoints.ts";
import { REVIEW_QUEUE_DIRECTION, REVIEW_QUEUE_SCOPE } from "./review-queue/review-queue-wire.ts";
import { ROUTES } from "./routes.ts";
import { levelSessionsEndpoint, levelStatisticsEndpoint, sessionDetailEndpoint } from "./session-review/session-review-endpoints.ts";
import { APP_ROUTE, type AppRoute } from "./shared/navigation/app-route.ts";
import { getsSlpDashboard } from "./shared/permissions/route-rules.ts";
import { ROLE_CODES, type RoleCode } from "./shared/roles.ts";
import { MAX_PAGE_SIZE } from "./shared/wire/paged.ts";

// The reads the session's boot script starts with the refreshed access token, before the app's
// code has arrived (issue 35; docs/session.md, "Reads before the code"): each signed-in route's
// main reads, written as the exact requests the app's own calls make (path and query in the
// order the client writes them), so the app's HTTP client can take each answer in place of its
// own call (adapters/shared/session/session-boot.ts). A read the app would not make is only a
// wasted request: ui/app/prefetch/boot-reads.test.ts checks them against the app's own calls.

/** Reads only a page of these roles makes: the script starts them once the user record says the role. */
export type RoleBootReads = { readonly roles: readonly RoleCode[]; readonly reads: readonly string[] };

/** One route's early reads: request templates naming the route's parameters (`:trendId`). */
export type RouteBootReads = {
  readonly route: AppRoute;
  /** Only at the bare address: a query string (a list's filters) would change the request. */
  readonly bareOnly?: true;
  readonly reads: readonly string[];
  /**
   * Reads only the bare address makes: a query string changes them (a session's walk through the
   * caseload, `?queue=caseload`, asks other steps), and there the app asks its own.
   */
  readonly bareReads?: readonly string[];
  /** A page that differs by role (the dashboard): each role's reads, sent with the user record's answer. */
  readonly byRole?: readonly RoleBootReads[];
};

/** An endpoint's path with its parameters renamed to the route's (`:id` of the session → `:trendId`). */
const path = (endpointPath: string, rename: Readonly<Record<string, string>> = {}): string =>
  endpointPath.replace(/:(\w+)/g, (whole, name: string) => (rename[name] === undefined ? whole : `:${rename[name]}`));

const PATIENT_RECORD = [path(getPatientEndpoint.path), path(patientGameLevelsEndpoint.path)];

// The dashboard is the SLP's review dashboard or everyone else's overview (ui/features/dashboard),
// so its reads wait for the role; the refresh answer carries the record, so they leave with the
// other routes' reads. The SLP's: the first page of their patients and the caseload's oldest
// pending session (the line that says how many wait, the page's largest text).
const SLP_DASHBOARD_ROLES = ROLE_CODES.filter((role) => getsSlpDashboard(role));
const DASHBOARD_READS: readonly RoleBootReads[] = [
  {
    roles: SLP_DASHBOARD_ROLES,
    reads: [`${patientsDashboardEndpoint.path}?page=1&page_size=${PATIENT_PAGE_SIZE}`, `${reviewQueueStepEndpoint.path}?scope=caseload`],
  },
  { roles: ROLE_CODES.filter((role) => !SLP_DASHBOARD_ROLES.includes(role)), reads: [dashboardOverviewEndpoint.path] },
];

export const BOOT_READS: readonly RouteBootReads[] = [
  { route: APP_ROUTE.dashboard, bareOnly: true, reads: [], byRole: DASHBOARD_READS },
  { route: APP_ROUTE.patients, bareOnly: true, reads: [`${listPatientsEndpoint.path}?page=1&page_size=${PATIENT_PAGE_SIZE}&ordering=first_name`] },
  { route: APP_ROUTE.patientDetail, reads: PATIENT_RECORD },
  {
    route: APP_ROUTE.exerciseOverview,
    reads: [
      ...PATIENT_RECORD,
      `${levelStatisticsEndpoint.path}?game_level_id=:levelId`,
      `${levelSessionsEndpoint.path}?game_level_id=:levelId&page=1&page_size=${MAX_PAGE_SIZE}`,
    ],
  },
  {
    route: APP_ROUTE.sessionDetail,
    reads: [...PATIENT_RECORD, path(sessionDetailEndpoint.path, { id: "trendId" })],
    // The walk's steps on either side (the queue's line under the heading): asked with the rest,
    // they are in before the page draws, so the line does not grow and push the page down (issue
    // 35, layout shift). Their arrival module asks them too, but it is one of the last files in.
    bareReads: Object.values(REVIEW_QUEUE_DIRECTION).map(
      (direction) => `${reviewQueueStepEndpoint.path}?scope=${REVIEW_QUEUE_SCOPE.patient}&patient=:id&from=:trendId&direction=${direction}`,
    ),
  },
];

/**
 * The plan as the boot script reads it: per route, the address pattern (each parameter a record
 * id: digits, no leading zero, as the app's own `routeId` reads it, so no other text reaches a
 * request), whether only the bare address counts, each read with `$n` for the n-th parameter, the
 * reads of a role (its codes, then its reads), started once the user record names the role, and
 * the reads of the bare address only.
 */
export type BootReadPlan = ReadonlyArray<
  readonly [
    pattern: string,
    bareOnly: 0 | 1,
    reads: readonly string[],
    byRole: ReadonlyArray<readonly [roles: readonly RoleCode[], reads: readonly string[]]>,
    bareReads: readonly string[],
  ]
>;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const bootReadPlan = (table: readonly RouteBootReads[] = BOOT_READS): BootReadPlan =>
  table.map((entry) => {
    const declared = ROUTES.routes.find((route) => route.id === entry.route);
    if (declared === undefined) throw new Error(`no declared route ${entry.route} for its boot reads`);
    const names: string[] = [];
    const pattern = `^${escape(declared.path).replace(/:(\w+)/g, (_whole, name: string) => {
      names.push(name);
      return "([1-9][0-9]{0,15})";
    })}/?$`;
    const templates = (reads: readonly string[]): string[] =>
      reads.map((read) =>
        read.replace(/:(\w+)/g, (_whole, name: string) => {
          const index = names.indexOf(name);
          if (index < 0) throw new Error(`the boot read ${read} names :${name}, which ${declared.path} does not have`);
          return `$${index + 1}`;
        }),
      );
    const byRole = (entry.byRole ?? []).map(({ roles, reads }) => [roles, templates(reads)] as const);
    return [pattern, entry.bareOnly === true ? 1 : 0, templates(entry.reads), byRole, templates(entry.bareReads ?? [])] as const;
  });

/**
 * The requests the boot script starts at an address for a user of `role` (what it does, for tests
 * and the docs); without a role, those it sends before the user record is read.
 */
export const bootReadsAt = (pathname: string, search: string, role: RoleCode | null = null, plan: BootReadPlan = bootReadPlan()): readonly string[] => {
  for (const [pattern, bareOnly, reads, byRole, bareReads] of plan) {
    const matcher = new RegExp(pattern);
    if (!matcher.test(pathname)) continue;
    if (bareOnly === 1 && search !== "") return [];
    const ofRole = byRole.filter(([roles]) => role !== null && roles.includes(role)).flatMap(([, roleReads]) => roleReads);
    return [...reads, ...(search === "" ? bareReads : []), ...ofRole].map((read) => pathname.replace(matcher, read));
  }
  return [];
};

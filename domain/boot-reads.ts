import { patientGameLevelsEndpoint } from "./exercises/exercises-endpoints.ts";
import { getPatientEndpoint, listPatientsEndpoint } from "./patients/patients-endpoints.ts";
import { PATIENT_PAGE_SIZE } from "./patients/patients-wire.ts";
import { ROUTES } from "./routes.ts";
import { levelSessionsEndpoint, levelStatisticsEndpoint, sessionDetailEndpoint } from "./session-review/session-review-endpoints.ts";
import { APP_ROUTE, type AppRoute } from "./shared/navigation/app-route.ts";
import { MAX_PAGE_SIZE } from "./shared/wire/paged.ts";

// The reads the session's boot script starts with the refreshed access token, before the app's
// code has arrived (issue 35; docs/session.md, "Reads before the code"): each signed-in route's
// main reads, written as the exact requests the app's own calls make (path and query in the
// order the client writes them), so the app's HTTP client can take each answer in place of its
// own call (adapters/shared/session/session-boot.ts). A read the app would not make is only a
// wasted request: ui/app/prefetch/boot-reads.test.ts checks them against the app's own calls.

/** One route's early reads: request templates naming the route's parameters (`:trendId`). */
export type RouteBootReads = {
  readonly route: AppRoute;
  /** Only at the bare address: a query string (a list's filters) would change the request. */
  readonly bareOnly?: true;
  readonly reads: readonly string[];
};

/** An endpoint's path with its parameters renamed to the route's (`:id` of the session → `:trendId`). */
const path = (endpointPath: string, rename: Readonly<Record<string, string>> = {}): string =>
  endpointPath.replace(/:(\w+)/g, (whole, name: string) => (rename[name] === undefined ? whole : `:${rename[name]}`));

const PATIENT_RECORD = [path(getPatientEndpoint.path), path(patientGameLevelsEndpoint.path)];

export const BOOT_READS: readonly RouteBootReads[] = [
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
  { route: APP_ROUTE.sessionDetail, reads: [...PATIENT_RECORD, path(sessionDetailEndpoint.path, { id: "trendId" })] },
];

/**
 * The plan as the boot script reads it: per route, the address pattern (each parameter a record
 * id: digits, no leading zero, as the app's own `routeId` reads it, so no other text reaches a
 * request), whether only the bare address counts, and each read with `$n` for the n-th parameter.
 */
export type BootReadPlan = ReadonlyArray<readonly [pattern: string, bareOnly: 0 | 1, reads: readonly string[]]>;

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
    const reads = entry.reads.map((read) =>
      read.replace(/:(\w+)/g, (_whole, name: string) => {
        const index = names.indexOf(name);
        if (index < 0) throw new Error(`the boot read ${read} names :${name}, which ${declared.path} does not have`);
        return `$${index + 1}`;
      }),
    );
    return [pattern, entry.bareOnly === true ? 1 : 0, reads] as const;
  });

/** The requests the boot script starts at an address (what it does, for tests and the docs). */
export const bootReadsAt = (pathname: string, search: string, plan: BootReadPlan = bootReadPlan()): readonly string[] => {
  for (const [pattern, bareOnly, reads] of plan) {
    const matcher = new RegExp(pattern);
    if (!matcher.test(pathname)) continue;
    if (bareOnly === 1 && search !== "") return [];
    return reads.map((read) => pathname.replace(matcher, read));
  }
  return [];
};

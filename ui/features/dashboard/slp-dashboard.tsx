import { Suspense, lazy } from "react";
import { countMatching, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import { useSearchParams } from "wouter";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PATIENT_PAGE_SIZE } from "../../../domain/patients/index.ts";
import { usePatientsDashboard } from "./use-patients-dashboard.ts";
import { DashboardPatientsTable } from "./dashboard-patients-table.tsx";
import * as styles from "./dashboard.css.ts";
import { Pager } from "../../kit/pager.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StartReviewing } from "./start-reviewing.tsx";
import { AfterHeading } from "../../kit/after-heading.tsx";
import { useDeferredArrival } from "../../kit/deferred-render.tsx";

// The reports due (issue 37) come in the progress reports' chunk, after the dashboard's own list is asked for.
const ReportsDuePanel = lazy(() => import("../progress-reports/index.ts").then((module) => ({ default: module.ReportsDuePanel })));

/** Long enough to finish typing a name, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The list's address query: the search when there is one, the page after the first. */
const listParams = (search: string, page: number): URLSearchParams => {
  const params = new URLSearchParams();
  if (search !== "") params.set("search", search);
  if (page > 1) params.set("page", String(page));
  return params;
};


// The SLP's landing page: their patients, those with games to review first (the server orders
// them), searchable and paged ten at a time.
export function SlpDashboard() {
  // The list's one source of truth is the address (?search=…&page=…): Back, a reload and a shared
  // link show the same list. The box holds what is being typed until it settles.
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const shownPage = routeId(params.get("page") ?? undefined) ?? 1;
  // A settled search goes into the address (first page); an address changed on its own (Back) refills the box.
  const [typed, setTyped] = useAddressSearch(search, (settled) => setParams(listParams(settled, 1), { replace: true }), SEARCH_DEBOUNCE_MS);
  const setPage = (page: number) => setParams(listParams(search, page), { replace: true });
  const query = usePatientsDashboard({ search, page: shownPage, pageSize: PATIENT_PAGE_SIZE });
  // The first page's rows come in a deferred render, split into slices (issue 35, blocking time).
  const data = useDeferredArrival(query.data);
  // The answer is in, its render just after this one: still loading, as far as anyone can see.
  const arriving = data === undefined && query.data !== undefined;
  const loading = query.isPending || query.isPlaceholderData || arriving;

  const status = query.isPending || arriving
    ? "Loading patients…"
    : query.isPlaceholderData
      ? `Loading page ${shownPage}…`
      : data === undefined
        ? ""
        : search === ""
          ? countOf(data.count, NOUNS.patient)
          : `${countMatching(data.count, NOUNS.patient)} “${search}”`;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Dashboard</h1>
      <StartReviewing />
      <div className={styles.toolbar}>
        <SearchBox label="Search patients" value={typed} onChange={setTyped} />
      </div>
      <QueryStatus query={query} loading="Loading patients…" status={status} busy={loading} />
      {data !== undefined && data.count === 0 && !query.isPlaceholderData ? (
        <p className={styles.lead}>
          {search === "" ? "No patients are assigned to you yet." : `No patients match “${search}”.`}
        </p>
      ) : null}
      {data !== undefined && data.results.length > 0 ? <DashboardPatientsTable rows={data.results} busy={query.isPlaceholderData} /> : null}
      {data === undefined ? null : (
        <Pager
          label="Patient pages"
          page={data.current_page}
          totalPages={data.total_pages}
          isLoading={query.isPlaceholderData}
          onPage={setPage}
        />
      )}
      {/* After the list: the panel arrives after the heading (its own chunk and read), and above the
          list its arrival pushed the whole list down (0.275 of layout shift on a phone). */}
      <AfterHeading fallback={null}>
        <Suspense fallback={null}>
          <ReportsDuePanel />
        </Suspense>
      </AfterHeading>
    </div>
  );
}

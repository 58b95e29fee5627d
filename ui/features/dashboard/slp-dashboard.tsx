import { countMatching, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PATIENT_PAGE_SIZE } from "../../../domain/patients/index.ts";
import { usePatientsDashboard } from "./use-patients-dashboard.ts";
import { DashboardPatientsTable } from "./dashboard-patients-table.tsx";
import * as styles from "./dashboard.css.ts";
import { Pager } from "../../kit/pager.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StartReviewing } from "./start-reviewing.tsx";

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
  const [typed, setTyped] = useState(search);
  const settled = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // A settled search goes into the address and starts from its first page.
  useEffect(() => {
    if (settled === search) return;
    setParams(listParams(settled, 1), { replace: true });
    // Only a newly settled search writes the address; the address changing on its own (Back) does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The address changed by itself (Back, a link): the box follows it.
  useEffect(() => {
    setTyped((current) => (current.trim() === search ? current : search));
  }, [search]);
  const setPage = (page: number) => setParams(listParams(search, page), { replace: true });
  const query = usePatientsDashboard({ search, page: shownPage, pageSize: PATIENT_PAGE_SIZE });
  const data = query.data;
  const loading = query.isPending || query.isPlaceholderData;

  const status = query.isPending
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
    </div>
  );
}

import { useState } from "react";
import { PATIENT_PAGE_SIZE } from "../../../domain/patients/index.ts";
import { usePatientsDashboard } from "./use-patients-dashboard.ts";
import { DashboardPatientsTable } from "./dashboard-patients-table.tsx";
import * as styles from "./dashboard.css.ts";
import { Pager } from "../../kit/pager.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { QueryStatus } from "../../kit/query-status.tsx";

/** Long enough to finish typing a name, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

const patientsWord = (count: number): string => (count === 1 ? "1 patient" : `${count} patients`);

// The SLP's landing page: their patients, those with games to review first (the server orders
// them), searchable and paged ten at a time.
export function SlpDashboard() {
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts from its first page; kept in state so paging within a search still works.
  const [searchOfPage, setSearchOfPage] = useState(search);
  if (searchOfPage !== search) {
    setSearchOfPage(search);
    setPage(1);
  }
  const shownPage = searchOfPage === search ? page : 1;
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
          ? `${patientsWord(data.count)}`
          : `${patientsWord(data.count)} match “${search}”`;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Dashboard</h1>
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

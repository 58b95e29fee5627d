import { useSearchParams } from "wouter";
import { patientAbilitiesOf } from "../../../domain/patients/patient-abilities.ts";
import {
  type PatientListFilters,
  filtersFromQuery,
  isFiltered,
  queryOfFilters,
  withFilters,
} from "../../../domain/patients/patient-list-filters.ts";
import { PATIENT_ORDERING, type PatientOrdering } from "../../../domain/patients/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { PATIENT_STATUS, type PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { REVIEW_STATUS, type ReviewStatus } from "../../../domain/shared/statuses/review-status.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { LinkButton } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { GameLevelFilter } from "./game-level-filter.tsx";
import { ORDERING_LABEL, REVIEW_LABEL, STATUS_LABEL } from "./patient-labels.ts";
import { PatientsTable } from "./patients-table.tsx";
import { usePatientList } from "./use-patients.ts";
import * as styles from "./patients.css.ts";
import { countMatchingUpTo, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import { cursorToward } from "../../../domain/shared/wire/page-cursor.ts";

/** Long enough to finish typing a name, short enough to feel immediate. */
export const PATIENT_SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS = Object.values(PATIENT_STATUS).map((status) => ({ id: status, label: STATUS_LABEL[status] }));
const REVIEW_OPTIONS = Object.values(REVIEW_STATUS).map((status) => ({ id: status, label: REVIEW_LABEL[status] }));
const ORDERING_OPTIONS = Object.values(PATIENT_ORDERING).map((ordering) => ({ id: ordering, label: ORDERING_LABEL[ordering] }));


// The institution's (or, for an SLP, their own) patients: searchable, filtered, sorted and paged.
// The address is the list's one source of truth (docs/ui.md): Back, a reload and a shared link
// show the same list. The search box holds what is being typed until it settles.
export function PatientsListPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery([...params.entries()]);
  const show = (next: PatientListFilters) => setParams(new URLSearchParams(queryOfFilters(next).map(([key, value]) => [key, value])), { replace: true });
  const change = (partial: Partial<Omit<PatientListFilters, "page" | "cursor">>) => show(withFilters(filters, partial));

  const [typed, setTyped] = useAddressSearch(filters.search, (settled) => change({ search: settled }), PATIENT_SEARCH_DEBOUNCE_MS);

  const abilities = patientAbilitiesOf(user);
  const query = usePatientList(filters);
  const data = query.data;
  const filtered = isFiltered(filters);
  const status = query.isPending
    ? "Loading patients…"
    : query.isPlaceholderData
      ? "Loading patients…"
      : data === undefined
        ? ""
        : filtered
          ? `${countMatchingUpTo(data.count, data.count_capped === true, NOUNS.patient)} the filters`
          : countOf(data.count, NOUNS.patient);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Patients</h1>
        {abilities.create ? <LinkButton href={hrefFor("create-patient", {})}>New patient</LinkButton> : null}
      </div>
      <search className={styles.filters} aria-label="Find patients">
        <SearchBox label="Search by name or email" value={typed} onChange={setTyped} />
        <CheckboxGroup
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.statuses}
          onChange={(ids) => change({ statuses: ids as PatientStatus[] })}
        />
        <CheckboxGroup
          label="Review"
          options={REVIEW_OPTIONS}
          value={filters.review}
          onChange={(ids) => change({ review: ids as ReviewStatus[] })}
        />
        <GameLevelFilter value={filters.gameLevels} onChange={(gameLevels) => change({ gameLevels })} />
        <SelectField
          label="Sort by"
          options={ORDERING_OPTIONS}
          value={filters.ordering}
          onChange={(ordering) => change({ ordering: ordering as PatientOrdering })}
        />
      </search>
      <QueryStatus query={query} loading="Loading patients…" status={status} busy={query.isPending || query.isPlaceholderData} />
      {data === undefined ? null : (
        <>
          <PatientsTable
            rows={data.results}
            ordering={filters.ordering}
            onOrderingChange={(ordering) => change({ ordering })}
            busy={query.isPlaceholderData}
            linkStaff={abilities.openSlp}
            empty={filtered ? "No patients match these filters." : "There are no patients yet."}
          />
          <Pager
            label="Patient pages"
            page={data.current_page}
            totalPages={data.total_pages}
            isLoading={query.isPlaceholderData}
            onPage={(page) => show({ ...filters, page, cursor: cursorToward(data, page) })}
          />
        </>
      )}
    </div>
  );
}
